import { callApi } from '../../../shared/api';
import { HistoryPanel, Section, useLoad } from '../../../ui';

/** History: every audited change of the CIP and of its CID (who, acting as whom, when, what), newest first. */
export function HistoryTab({ cipNo, cidNo }: { cipNo: number; cidNo: number }) {
  const cip = useLoad((signal) => callApi('get', '/V1/Item/CIP/Audit/Detail/{id}', { path: { id: cipNo }, signal, quiet: true }), [cipNo]);
  const cid = useLoad((signal) => callApi('get', '/V1/Item/CID/Audit/Detail/{id}', { path: { id: cidNo }, signal, quiet: true }), [cidNo]);
  return (
    <>
      <Section title="CIP history" testId="item-history-cip">
        <HistoryPanel rows={cip.data} loading={cip.loading} error={cip.error} subject="CIP" testId="item-history-cip-list" />
      </Section>
      <Section title="CID history" testId="item-history-cid">
        <HistoryPanel rows={cid.data} loading={cid.loading} error={cid.error} subject="CID" testId="item-history-cid-list" />
      </Section>
    </>
  );
}
