import { shellMessages } from '@meridian/shared';

/**
 * 'Skip to content': the first stop of the keyboard, visible only when focused, that moves the focus
 * past the top bar to the page (`targetId` is the `<main>`, which takes focus with tabIndex -1).
 * The member app and the console share it.
 */
export function SkipLink({ targetId }: { targetId: string }) {
  return (
    <a
      href={`#${targetId}`}
      onClick={(event) => {
        // Focus, not the hash: the router owns the URL, and a hash change would scroll without focusing.
        event.preventDefault();
        document.getElementById(targetId)?.focus();
      }}
      className="sr-only z-50 rounded-lg bg-indigo-600 px-4 py-2 text-sm font-medium text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
    >
      {shellMessages.skipToContent}
    </a>
  );
}
