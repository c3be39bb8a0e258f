import { useEffect, useState, type ReactNode } from 'react';
import { TOAST_LIMIT } from '../../../shared/constants';
import type { ToastVariant } from './toast';

// A small store shared by every caller (shadcn's use-toast): toast() works outside React too.

export interface ToastOptions {
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  action?: ReactNode;
  duration?: number;
}

export interface ToastItem extends ToastOptions {
  id: string;
  open: boolean;
}

// Closed toasts stay mounted briefly so Radix can play the exit; then they're dropped.
const REMOVE_DELAY_MS = 1000;

let counter = 0;
let state: ToastItem[] = [];
const listeners = new Set<(items: ToastItem[]) => void>();

function setState(next: ToastItem[]) {
  state = next;
  for (const listener of listeners) listener(state);
}

export function dismiss(id?: string) {
  setState(state.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)));
  setTimeout(() => setState(state.filter((t) => t.open)), REMOVE_DELAY_MS);
}

export function toast(options: ToastOptions) {
  const id = String(++counter);
  setState([{ ...options, id, open: true }, ...state].slice(0, TOAST_LIMIT));
  return { id, dismiss: () => dismiss(id) };
}

export function useToast() {
  const [items, setItems] = useState(state);
  useEffect(() => {
    listeners.add(setItems);
    return () => {
      listeners.delete(setItems);
    };
  }, []);
  return { toasts: items, toast, dismiss };
}
