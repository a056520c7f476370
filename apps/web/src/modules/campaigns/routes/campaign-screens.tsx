// The campaign and mass-send screens share one lazy chunk: they share most of their components.
export { BulkCallPage } from './bulk-call-page';
export { BulkSendPage } from './bulk-send-page';
export { CampaignDetailPage } from './campaign-detail-page';
export { CampaignsPage } from './campaigns-page';
