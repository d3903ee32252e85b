/** The signed-in frame: top navigation, and the avatar every people list shows. */
export { SignedInLayout } from './components/signed-in-layout';
export { UserAvatar } from './components/user-avatar';
