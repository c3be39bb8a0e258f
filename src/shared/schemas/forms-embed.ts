// The embed snippet and the message its form page sends (docs/forms.md "Embed snippet"). The page tells the
// page that frames it how tall it is; the snippet's few lines of script set the iframe to that height. No
// third-party code: both halves are here.

/** The message type the embed page posts to its parent: `{ type, height }` (CSS pixels). */
export const EMBED_HEIGHT_MESSAGE = 'referloop:form-height';

/**
 * The iframe's height before (or without) the script: the default form (name, e-mail, phone, message, the
 * secure-form line) fits at phone width, where its fields are tallest, with room for one error line.
 */
export const EMBED_FALLBACK_HEIGHT = 760;

/** The most the snippet accepts from the page (a bound against a page that misreports). */
export const EMBED_MAX_HEIGHT = 10_000;

const attr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The code the owner pastes: the iframe, and a script that sizes it to the form (from this origin only). */
export function embedSnippet(origin: string, token: string, name: string): string {
  const id = `referloop-form-${token.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 16)}`;
  const src = `${origin}/api/forms/${encodeURIComponent(token)}/embed`;
  const iframe = `<iframe id="${id}" src="${attr(src)}" width="100%" height="${EMBED_FALLBACK_HEIGHT}" frameborder="0" style="border:0;width:100%" title="${attr(name)}"></iframe>`;
  // A page opened through a referral's website link (?ref=CODE) passes the code on to the form, which credits
  // the referrer (docs/referrals.md): the browser does not send the page's address to another origin.
  const script =
    `<script>(function(f){var m=/[?&]ref=([^&#]*)/.exec(location.search);` +
    `if(f&&m&&m[1])try{f.src+="?ref="+encodeURIComponent(decodeURIComponent(m[1]))}catch(x){}` +
    `addEventListener("message",function(e){var d=e.data;` +
    `if(f&&e.origin===${JSON.stringify(origin)}&&e.source===f.contentWindow&&d&&d.type===${JSON.stringify(EMBED_HEIGHT_MESSAGE)}` +
    `&&d.height>0&&d.height<${EMBED_MAX_HEIGHT})f.style.height=Math.ceil(d.height)+"px"})})(document.getElementById(${JSON.stringify(id)}));</script>`;
  return `${iframe}\n${script}`;
}

/** The embed page's own script: posts its height to the page that frames it, now and on every change. */
export const EMBED_PAGE_SCRIPT =
  `(function(){var last=0;function send(){var h=Math.ceil(document.body.getBoundingClientRect().height);` +
  `if(h!==last&&window.parent!==window){last=h;window.parent.postMessage({type:${JSON.stringify(EMBED_HEIGHT_MESSAGE)},height:h},"*")}}` +
  `if(window.ResizeObserver)new ResizeObserver(send).observe(document.body);addEventListener("load",send);send()})();`;
