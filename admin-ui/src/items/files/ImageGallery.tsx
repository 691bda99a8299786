import { useEffect, useState } from 'react';
import { Box, ButtonBase, CircularProgress, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import StarIcon from '@mui/icons-material/Star';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { galleryOrder, useImage, useThumbnail, type FileRecord } from './files';

function Thumb({ file, selected, onClick }: { file: FileRecord; selected: boolean; onClick: () => void }) {
  const src = useThumbnail(file.file_id);
  return (
    <Tooltip title={file.description || file.file_name}>
      <ButtonBase
        onClick={onClick}
        data-testid="gallery-thumb"
        data-file-id={file.file_id}
        data-file-name={file.file_name}
        sx={{
          width: 88,
          height: 88,
          border: 2,
          borderColor: selected ? 'primary.main' : 'divider',
          borderRadius: 1,
          overflow: 'hidden',
          position: 'relative',
          bgcolor: 'grey.100',
        }}
      >
        {src ? <img src={src} alt={file.file_name} style={{ maxWidth: '100%', maxHeight: '100%' }} /> : <CircularProgress size={20} />}
        {file.default_image && <StarIcon fontSize="small" color="warning" sx={{ position: 'absolute', top: 2, right: 2 }} aria-label="Default image" />}
      </ButtonBase>
    </Tooltip>
  );
}

/**
 * The item image gallery ('Item Images'): the selected picture large, the thumbnails below; the arrows step
 * through the pictures, the default image first.
 */
export function ImageGallery({ files, height = 360 }: { files: readonly FileRecord[]; height?: number }) {
  const images = galleryOrder(files);
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (index >= images.length) setIndex(0);
  }, [images.length, index]);
  const current = images[index] ?? null;
  const src = useImage(current?.file_guid ?? null);
  if (!images.length) {
    return (
      <Typography variant="body2" data-testid="gallery-empty">
        No images.
      </Typography>
    );
  }
  const step = (delta: number) => setIndex((i) => (i + delta + images.length) % images.length);
  return (
    <Box data-testid="gallery">
      <Stack direction="row" alignItems="center" spacing={1}>
        <IconButton onClick={() => step(-1)} disabled={images.length < 2} aria-label="Previous image" data-testid="gallery-prev">
          <ChevronLeftIcon />
        </IconButton>
        <Box sx={{ flexGrow: 1, height, display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'grey.50', borderRadius: 1 }}>
          {src ? (
            <img src={src} alt={current?.file_name} style={{ maxWidth: '100%', maxHeight: height }} data-testid="gallery-image" data-file-name={current?.file_name} />
          ) : (
            <CircularProgress />
          )}
        </Box>
        <IconButton onClick={() => step(1)} disabled={images.length < 2} aria-label="Next image" data-testid="gallery-next">
          <ChevronRightIcon />
        </IconButton>
      </Stack>
      <Typography variant="body2" align="center" sx={{ my: 1 }} data-testid="gallery-caption">
        {current?.description || current?.file_name} ({index + 1} of {images.length})
      </Typography>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }} useFlexGap>
        {images.map((file, i) => (
          <Thumb key={file.file_id} file={file} selected={i === index} onClick={() => setIndex(i)} />
        ))}
      </Stack>
    </Box>
  );
}
