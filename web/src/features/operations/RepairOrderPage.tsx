/** /repairorder: repair orders raised by people or from events, on the work-order board. */
import { OrderBoard } from './components/OrderBoard';

export function RepairOrderPage() {
  return <OrderBoard type="repair" />;
}
