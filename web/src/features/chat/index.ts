/** The team chat (issue 38): its panel, and what the realtime events write into its caches. */
export { cacheChatMessage, cacheChatPresence, chatKey } from './chat.queries';

// [lazy-parts] Parts no first screen shows, given as their code's loaders (lib/lazy-part.tsx): a page asks for
// them when one is first shown. Not exported as components too: the page imports this index, and would then
// have their code with its own.
export const loadChatPanel = () => import('./components/chat-panel').then((m) => m.ChatPanel);
