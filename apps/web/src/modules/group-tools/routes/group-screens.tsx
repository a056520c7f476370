// The group screens share one lazy chunk: they share the group picker and the lists.
export { GroupBulkPage } from './group-bulk-page';
export { GroupListPage } from './group-list-page';
export { GroupMessagePage } from './group-message-page';
