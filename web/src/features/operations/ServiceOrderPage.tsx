/** /serviceOrder: maintenance orders from plans or by hand, on the work-order board. */
import { OrderBoard } from './components/OrderBoard';

export function ServiceOrderPage() {
  return <OrderBoard type="maintenance" />;
}
