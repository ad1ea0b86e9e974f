// One date rule for browser and server: see @portal/validators.
export { formatDate } from '@portal/validators';
