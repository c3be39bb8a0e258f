import { useEffect, useState } from 'react';
import { z } from 'zod';
import { useAuth } from './auth';

// A message typed into a composer when the session ends (a send or any other call answers 401) is kept in
// sessionStorage, keyed by business and by the composer and its recipient, while the owner signs in again; the
// same composer offers it when it next opens for that recipient (docs/accounts.md "A message typed when the
// session ended"). sessionStorage: this tab only, gone when the tab closes.

const PREFIX = 'referloop:draft:';

type ReadDraft = () => unknown;

/** The composers open now, each with a read of what it holds (null: nothing worth keeping). */
const openComposers = new Map<string, ReadDraft>();

const storageKey = (businessId: number, key: string) => `${PREFIX}${businessId}:${key}`;

/** Called as the session ends, before the screens go: every open composer's unsent text is kept. */
export function keepOpenDrafts(businessId: number) {
  for (const [key, read] of openComposers) {
    const draft = read();
    if (draft == null) continue;
    try {
      sessionStorage.setItem(storageKey(businessId, key), JSON.stringify(draft));
    } catch {
      // Storage refused (private mode, quota): the text is lost as it was before.
    }
  }
}

function readKept<T>(businessId: number | undefined, key: string, draft: z.ZodType<T>): T | null {
  if (businessId === undefined) return null;
  try {
    const raw = sessionStorage.getItem(storageKey(businessId, key));
    if (raw === null) return null;
    const read = draft.safeParse(JSON.parse(raw));
    return read.success ? read.data : null;
  } catch {
    return null;
  }
}

/**
 * The draft kept for a composer as it opens, or null. `key` names the composer and its recipient
 * (`thanks:client:12`). Answered once: it is then forgotten, and the open composer keeps it again should the
 * session end again (`useKeepDraftOnSessionEnd`).
 */
export function useKeptDraft<T>(key: string, draft: z.ZodType<T>): T | null {
  const businessId = useAuth().business?.id;
  const [kept] = useState(() => readKept(businessId, key, draft));
  useEffect(() => {
    if (businessId === undefined) return;
    try {
      sessionStorage.removeItem(storageKey(businessId, key));
    } catch {
      // Storage refused: nothing was kept.
    }
  }, [businessId, key]);
  return kept;
}

/** While the composer is open, what `read` gives (null: nothing worth keeping) is kept if the session ends. */
export function useKeepDraftOnSessionEnd(key: string, read: () => unknown) {
  // Registered afresh after every render, so the read sees what the composer holds now.
  useEffect(() => {
    openComposers.set(key, read);
    return () => {
      if (openComposers.get(key) === read) openComposers.delete(key);
    };
  });
}

/** A kept message: text that is not blank. */
export const keptText = z.string().refine((text) => text.trim().length > 0);

/** The text to keep: null when blank. */
export const textToKeep = (text: string): string | null => (text.trim() ? text : null);
