import { Button, Chip, IconButton, Table, TableBody, TableCell, TableHead, TableRow, Tooltip } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import DeleteIcon from '@mui/icons-material/Delete';
import { callApi } from '../../../shared/api';
import { notify } from '../../../shared/events';
import { formatDateTime } from '../../../ui';
import { ActionButton, useHasPermission } from '../../../ui';
import { FILE_MANAGE, ITEM_IMAGE_VIEW } from '../../common';
import { LoadState, Section, notifyRefusal, useApi } from '../../../ui';
import { downloadFile, fileSize, type FileRecord } from '../../files/files';
import { ImageGallery } from '../../files/ImageGallery';
import { UploadForm } from '../../files/UploadForm';

/** Files: the CID's files (with its CIPs' and its item master record's), the 'Item Images' gallery and uploads. */
export function FilesTab({ cidNo }: { cidNo: number }) {
  const canManage = useHasPermission(FILE_MANAGE);
  const canSeeImages = useHasPermission(ITEM_IMAGE_VIEW);
  const files = useApi('get', '/V1/File/CID/{cid}', { path: { cid: cidNo }, quiet: true });
  const list = files.data ?? [];

  const makeDefault = async (file: FileRecord) => {
    try {
      await callApi('post', '/V1/File/Default', { body: { file_id: file.file_id } });
      notify(`${file.file_name} is now the default image.`, 'success');
      files.reload();
    } catch (error) {
      notifyRefusal(error);
    }
  };
  return (
    <>
      {canSeeImages && (
        <Section title="Item Images" testId="item-images">
          <LoadState loading={files.loading && !files.data} error={files.error} what="item images">
            <ImageGallery files={list} />
          </LoadState>
        </Section>
      )}
      <Section title="Files" testId="item-files">
        {canManage && <UploadForm entityType="CID" entityId={cidNo} onUploaded={() => files.reload()} />}
        <LoadState loading={files.loading && !files.data} error={files.error} what="item files">
          <Table size="small" sx={{ mt: 2 }}>
            <TableHead>
              <TableRow>
                <TableCell>Name</TableCell>
                <TableCell>Description</TableCell>
                <TableCell>Of</TableCell>
                <TableCell>Classification</TableCell>
                <TableCell align="right">Version</TableCell>
                <TableCell align="right">Size</TableCell>
                <TableCell>Uploaded</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {list.map((file) => (
                <TableRow key={file.file_id} data-testid="item-file-row" data-file-name={file.file_name}>
                  <TableCell>
                    {file.file_name} {file.default_image && <Chip size="small" color="warning" label="Default" />}
                  </TableCell>
                  <TableCell>{file.description}</TableCell>
                  <TableCell>{file.entityType === 'ItemMaster' ? 'Item master' : file.entityType}</TableCell>
                  <TableCell>{file.file_classification}</TableCell>
                  <TableCell align="right">{file.version}</TableCell>
                  <TableCell align="right">{fileSize(file.file_size)}</TableCell>
                  <TableCell>
                    {formatDateTime(file.created_at)} {file.created_by}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <Tooltip title="Download">
                      <IconButton size="small" onClick={() => void downloadFile(file).catch(() => undefined)} aria-label="Download">
                        <DownloadIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                    {canManage && file.is_image && !file.default_image && file.entityType !== 'ItemMaster' && (
                      <Button size="small" onClick={() => void makeDefault(file)} data-testid="item-file-default">
                        Make default
                      </Button>
                    )}
                    {file.entityType !== 'ItemMaster' && (
                      <ActionButton
                        permission={FILE_MANAGE}
                        size="small"
                        color="error"
                        startIcon={<DeleteIcon fontSize="small" />}
                        perform={() => callApi('delete', '/V1/File/ID/{id}/EntityType/{type}', { path: { id: file.file_id, type: file.entityType }, quiet: true })}
                        confirm={{ title: 'Delete the file?', message: `Delete ${file.file_name} (version ${file.version}) from the item's files.`, confirmLabel: 'Delete', danger: true }}
                        successMessage={`${file.file_name} deleted.`}
                        onDone={files.reload}
                        testId="item-file-delete"
                      >
                        Delete
                      </ActionButton>
                    )}
                  </TableCell>
                </TableRow>
              ))}
              {files.data && list.length === 0 && (
                <TableRow>
                  <TableCell colSpan={8}>No files.</TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </LoadState>
      </Section>
    </>
  );
}
