import { Spin } from '@douyinfe/semi-ui-19';

/** A centred spinner while a page or the session loads. */
export function PageSpinner() {
  return (
    <div className="eem-full-center" data-testid="page-spinner">
      <Spin size="large" />
    </div>
  );
}
