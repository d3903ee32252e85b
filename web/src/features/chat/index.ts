/** The team chat (issue 38): its panel, and what the realtime events write into its caches. */
export { ChatPanel } from './components/chat-panel';
export { cacheChatMessage, cacheChatPresence, chatKey } from './chat.queries';
