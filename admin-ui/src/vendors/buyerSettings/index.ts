export { BuyerSettingsTab } from './BuyerSettingsTab';
