import { useCallback, useEffect, useRef, useState, type DragEvent, type HTMLAttributes, type MutableRefObject } from 'react';
import {
  Alert,
  Box,
  Card,
  CardActionArea,
  CardContent,
  Checkbox,
  CircularProgress,
  FormControlLabel,
  IconButton,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import LockIcon from '@mui/icons-material/Lock';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import { callApi } from '../shared/api';
import { formatCount } from '../shared/numbers';
import { dropTile, LARGE_TILE, setTileSelected, SMALL_TILE, splitTiles, visibleTiles, type Tile as TileData } from '../lib/tiles';

type TileType = typeof SMALL_TILE | typeof LARGE_TILE;
type DragHandlers = Pick<HTMLAttributes<HTMLElement>, 'onDragStart' | 'onDragEnd' | 'onDragOver' | 'onDrop'>;
/** The tile being dragged and its list: only tiles of the same list can be dropped on each other. */
type Dragging = MutableRefObject<{ id: number; type: TileType } | null>;

interface TileProps {
  tile: TileData;
  editMode: boolean;
  large: boolean;
  dragging: boolean;
  onToggle: (tile: TileData, isSelected: boolean) => void;
  onOpen: (tile: TileData) => void;
  dragHandlers: DragHandlers;
}

function Tile({ tile, editMode, large, dragging, onToggle, onOpen, dragHandlers }: TileProps) {
  const body = (
    <CardContent sx={{ py: 1.5 }}>
      <Stack direction="row" alignItems="flex-start" spacing={1}>
        {editMode && <DragIndicatorIcon fontSize="small" sx={{ color: 'text.secondary', cursor: 'grab' }} />}
        <Typography variant={large ? 'h6' : 'subtitle2'} sx={{ flex: 1 }} data-testid={`tile-name-${tile.aspName}`}>
          {tile.report_Name}
        </Typography>
      </Stack>
      <Typography variant={large ? 'h3' : 'h4'} component="div" data-testid={`tile-count-${tile.aspName}`}>
        {/* A tile is counted while it is shown; one hidden (edit mode) has no count yet. */}
        {tile.count === null || tile.count === undefined ? '–' : formatCount(tile.count)}
      </Typography>
      {editMode && (
        <FormControlLabel
          label="Show"
          control={
            <Checkbox
              size="small"
              checked={Boolean(tile.is_selected)}
              onChange={(e) => onToggle(tile, e.target.checked)}
              slotProps={{ input: { 'data-testid': `tile-select-${tile.aspName}` } as HTMLAttributes<HTMLInputElement> }}
            />
          }
        />
      )}
    </CardContent>
  );
  return (
    <Card
      variant="outlined"
      data-testid={`tile-${tile.aspName}`}
      data-tile-code={tile.aspName}
      data-report-id={tile.report_id}
      title={tile.reportDescription || undefined}
      draggable={editMode}
      {...(editMode ? dragHandlers : {})}
      sx={{
        width: large ? 360 : 200,
        opacity: dragging ? 0.4 : editMode && !tile.is_selected ? 0.6 : 1,
        borderStyle: editMode ? 'dashed' : 'solid',
        userSelect: 'none',
      }}
    >
      {!editMode && tile.route ? <CardActionArea onClick={() => onOpen(tile)}>{body}</CardActionArea> : body}
    </Card>
  );
}

interface TileListProps {
  type: TileType;
  tiles: TileData[];
  editMode: boolean;
  draggingRef: Dragging;
  draggingId: number | null;
  setDraggingId: (id: number | null) => void;
  onToggle: (tile: TileData, isSelected: boolean) => void;
  onDrop: (type: TileType, draggedId: number, targetId: number | null) => void;
  onOpen: (tile: TileData) => void;
}

function TileList({ type, tiles, editMode, draggingRef, draggingId, setDraggingId, onToggle, onDrop, onOpen }: TileListProps) {
  const large = type === LARGE_TILE;
  const shown = visibleTiles(tiles, editMode);
  const testId = large ? 'tiles-large' : 'tiles-small';

  // Only tiles of the same list can be dropped on each other; dragover must be cancelled to allow a drop.
  const accepts = () => draggingRef.current?.type === type;
  const handlersFor = (tile: TileData): DragHandlers => ({
    onDragStart: (e: DragEvent) => {
      draggingRef.current = { id: tile.report_id, type };
      setDraggingId(tile.report_id);
      e.dataTransfer.effectAllowed = 'move';
      e.dataTransfer.setData('text/plain', String(tile.report_id));
    },
    onDragEnd: () => {
      draggingRef.current = null;
      setDraggingId(null);
    },
    onDragOver: (e: DragEvent) => {
      if (accepts()) {
        e.preventDefault();
        e.dataTransfer.dropEffect = 'move';
      }
    },
    onDrop: (e: DragEvent) => {
      if (!accepts() || !draggingRef.current) return;
      e.preventDefault();
      e.stopPropagation();
      const dragged = draggingRef.current.id;
      draggingRef.current = null;
      setDraggingId(null);
      onDrop(type, dragged, tile.report_id);
    },
  });

  if (shown.length === 0) return null;
  return (
    <Box
      data-testid={testId}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 3, minHeight: 40 }}
      onDragOver={(e) => accepts() && e.preventDefault()}
      onDrop={(e) => {
        // Dropped on the list's free space: the tile goes last.
        if (!accepts() || !draggingRef.current) return;
        e.preventDefault();
        const dragged = draggingRef.current.id;
        draggingRef.current = null;
        setDraggingId(null);
        onDrop(type, dragged, null);
      }}
    >
      {shown.map((tile) => (
        <Tile
          key={tile.report_id}
          tile={tile}
          large={large}
          editMode={editMode}
          dragging={draggingId === tile.report_id}
          onToggle={onToggle}
          onOpen={onOpen}
          dragHandlers={handlersFor(tile)}
        />
      ))}
    </Box>
  );
}

/** The home page's tile dashboard; a new `reloadKey` (the user context) fetches the tiles again. */
export function TileBoard({ reloadKey, onOpen = () => {} }: { reloadKey?: unknown; onOpen?: (tile: TileData) => void }) {
  const [tiles, setTiles] = useState<TileData[]>([]);
  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>('loading');
  const [editMode, setEditMode] = useState(false);
  const [draggingId, setDraggingId] = useState<number | null>(null);
  const draggingRef: Dragging = useRef(null);
  const tilesRef = useRef(tiles);
  tilesRef.current = tiles;

  const load = useCallback(async () => {
    setStatus('loading');
    try {
      const answer = await callApi('get', '/V1/Presentation/HomepageTiles');
      const { small, large } = splitTiles(answer);
      setTiles([...small, ...large]);
      setStatus('ready');
    } catch {
      setStatus('error');
    }
  }, []);

  useEffect(() => {
    load();
  }, [load, reloadKey]);

  const toggle = async (tile: TileData, isSelected: boolean) => {
    const before = tilesRef.current;
    setTiles(setTileSelected(before, tile.report_id, isSelected));
    try {
      // The answer counts the tiles now shown: a tile just ticked gets its count without a reload.
      const answer = await callApi('put', '/V1/Presentation/HomepageTile/Display', { body: { report_id: tile.report_id, is_selected: isSelected } });
      if (Array.isArray(answer)) {
        const counted = new Map(answer.map((t) => [t.report_id, t.count]));
        setTiles((now) => now.map((t) => (counted.has(t.report_id) ? { ...t, count: counted.get(t.report_id) } : t)));
      }
    } catch {
      setTiles(before);
    }
  };

  const drop = async (type: TileType, draggedId: number, targetId: number | null) => {
    const before = tilesRef.current;
    const { small, large } = splitTiles(before);
    const list = type === SMALL_TILE ? small : large;
    const result = dropTile(list, draggedId, targetId);
    if (!result) return;
    setTiles(type === SMALL_TILE ? [...result.list, ...large] : [...small, ...result.list]);
    try {
      await callApi('put', '/V1/Presentation/HomepageTile/Rank', { body: { report_id: draggedId, rank: result.rank } });
    } catch {
      setTiles(before);
    }
  };

  // splitTiles sorts by rank; the lists keep their local order because ranks are renumbered on every drop.
  const { small, large } = splitTiles(tiles);
  const common = { editMode, draggingRef, draggingId, setDraggingId, onToggle: toggle, onDrop: drop, onOpen };
  const nothingShown = visibleTiles(tiles, editMode).length === 0;

  return (
    <Box data-testid="tile-board">
      <Stack direction="row" alignItems="center" spacing={1} sx={{ mb: 1 }}>
        <Typography variant="h6">Dashboard</Typography>
        <Tooltip title={editMode ? 'Lock the dashboard' : 'Unlock to choose and arrange tiles'}>
          <IconButton
            onClick={() => setEditMode((v) => !v)}
            aria-pressed={editMode}
            aria-label={editMode ? 'Lock tiles' : 'Edit tiles'}
            data-testid="tile-edit-toggle"
          >
            {editMode ? <LockOpenIcon /> : <LockIcon />}
          </IconButton>
        </Tooltip>
      </Stack>
      {status === 'loading' && <CircularProgress size={24} data-testid="tiles-loading" />}
      {status === 'error' && <Alert severity="error">The dashboard tiles could not be loaded.</Alert>}
      {status === 'ready' && nothingShown && (
        <Typography color="text.secondary" data-testid="tiles-empty">
          {tiles.length === 0
            ? 'No dashboard tiles are available for this site.'
            : 'No tiles are selected. Unlock the dashboard to choose tiles.'}
        </Typography>
      )}
      {status === 'ready' && (
        <>
          <TileList type={SMALL_TILE} tiles={small} {...common} />
          <TileList type={LARGE_TILE} tiles={large} {...common} />
        </>
      )}
    </Box>
  );
}
