import { callApi } from '../../shared/api';
import { LoadState, useLoad } from '../../ui';
import { ImageGallery } from '../files/ImageGallery';
import { DraggableDialog } from './DraggableDialog';

/**
 * The item image gallery pop-up 'Item Images' (ItemImageView, which File/ItemImages enforces too), by cid_no and
 * item_id: the CID's pictures (with its CIPs' and its item master record's), or the item's alone without a CID.
 */
export function ItemImagesDialog({ cidNo, itemId, onClose }: { cidNo: number | null; itemId: number | null; onClose: () => void }) {
  const files = useLoad(
    (signal) =>
      callApi('get', '/V1/File/ItemImages', { query: cidNo !== null ? { cid_no: cidNo } : { item_id: itemId ?? 0 }, signal, quiet: true }),
    [cidNo, itemId],
    cidNo !== null || itemId !== null,
  );
  return (
    <DraggableDialog title="Item Images" testId="item-images-dialog" onClose={onClose}>
      <LoadState loading={files.loading} error={files.error} what="item images">
        <ImageGallery files={files.data ?? []} />
      </LoadState>
    </DraggableDialog>
  );
}
