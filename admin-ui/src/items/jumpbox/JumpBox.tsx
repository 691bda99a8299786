import { useEffect, useRef, useState, type HTMLAttributes, type InputHTMLAttributes, type KeyboardEvent } from 'react';
import {
  Box,
  ClickAwayListener,
  IconButton,
  InputBase,
  List,
  ListItemButton,
  ListItemText,
  MenuItem,
  Paper,
  Popper,
  Select,
  Typography,
} from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { useNavigate } from 'react-router';
import { notify } from '../../shared/events';
import { formatQuantity } from '../../shared/numbers';
import { hasPermission } from '../../lib/userContext';
import { useUserContext } from '../../shell/UserContextProvider';
import { INV_FIS_PRICE, itemRoute } from '../common';
import { freeTextSearch, quickSearch, saveJumpBoxSetting, type FreeTextHit } from './lookups';
import {
  FREE_TEXT_DEBOUNCE_MS,
  JUMPBOX_SETTINGS,
  SEARCH_TYPES,
  checkSearch,
  initialJumpBox,
  lookupOutcome,
  searchesAsYouType,
  storedSearchType,
  type PickRow,
  type SearchTypeKey,
} from './searchTypes';
import { SelectItemDialog } from './SelectItemDialog';

/**
 * The global search box of spec 1 section 2 in the app bar: a search type (saved per user on every change) and a
 * text (saved on each search, restored when the user's saveSearchData setting is 'true'). The exact types look the
 * item up at the current site on Enter and go to it, or open 'Select Item' when a customer part or ERP item code
 * matches several; the free-text type lists hits as the user types.
 */
export function JumpBox() {
  const { context } = useUserContext();
  const navigate = useNavigate();
  const userId = context?.currentUser?.asp_users_id ?? null;
  const siteCode = context?.currentSite?.siteCode ?? null;
  const canSeeCost = hasPermission(context, INV_FIS_PRICE);

  const [type, setType] = useState<SearchTypeKey>(() => initialJumpBox(context?.aspUserSettings).type);
  const [text, setText] = useState(() => initialJumpBox(context?.aspUserSettings).text);
  const [busy, setBusy] = useState(false);
  const [picker, setPicker] = useState<PickRow[] | null>(null);
  const [hits, setHits] = useState<FreeTextHit[]>([]);
  const [hitsFor, setHitsFor] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const anchor = useRef<HTMLDivElement | null>(null);

  // The settings belong to the signed-in user: a new user (or the first context) starts from their own.
  const initialisedFor = useRef<number | null>(userId);
  useEffect(() => {
    if (userId === null || initialisedFor.current === userId) return;
    initialisedFor.current = userId;
    const initial = initialJumpBox(context?.aspUserSettings);
    setType(initial.type);
    setText(initial.text);
  }, [userId, context?.aspUserSettings]);

  // Hits are of one site.
  useEffect(() => {
    setHits([]);
    setHitsFor(null);
    setOpen(false);
  }, [siteCode]);

  // Search as you type: a short pause after the last key, and only the latest answer counts.
  const typed = text.trim();
  useEffect(() => {
    if (!searchesAsYouType(type) || !typed || !open) return undefined;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      freeTextSearch(typed, controller.signal)
        .then((found) => {
          if (controller.signal.aborted) return;
          setHits(found);
          setHitsFor(typed);
          setActive(-1);
        })
        .catch(() => undefined);
    }, FREE_TEXT_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [type, typed, open, siteCode]);

  const changeType = (next: SearchTypeKey) => {
    setType(next);
    setHits([]);
    setHitsFor(null);
    setOpen(false);
    void saveJumpBoxSetting(JUMPBOX_SETTINGS.searchType, storedSearchType(next));
  };

  const goTo = (item: PickRow) => {
    setPicker(null);
    setOpen(false);
    navigate(itemRoute(item.cid_no, item.cip_no));
  };

  const search = async () => {
    const check = checkSearch(type, text);
    if (check.kind === 'empty') return;
    if (check.kind === 'invalid') {
      notify(check.message, 'error');
      return;
    }
    void saveJumpBoxSetting(JUMPBOX_SETTINGS.searchData, check.value);
    if (searchesAsYouType(type)) {
      // A highlighted hit counts only while the list is of the text being searched: after the text changed, the
      // list on screen (and its highlight) is of the old text.
      const chosen = hitsFor === check.value && active >= 0 ? hits[active] : null;
      if (chosen) return goTo(chosen);
      setBusy(true);
      try {
        const found = hitsFor === check.value ? hits : await freeTextSearch(check.value);
        show(lookupOutcome(type, found));
      } catch {
        // A failed free-text search is quiet: the box just finds nothing this time.
      } finally {
        setBusy(false);
      }
      return;
    }
    if (!siteCode) return;
    setBusy(true);
    try {
      show(lookupOutcome(type, await quickSearch(type, check.value, siteCode)));
    } catch {
      // The http client has shown the error (a 400 names the problem, e.g. 'CIP Id must be a number.').
    } finally {
      setBusy(false);
    }
  };

  const show = (outcome: ReturnType<typeof lookupOutcome<PickRow>>) => {
    if (outcome.kind === 'go') goTo(outcome.item);
    else if (outcome.kind === 'pick') {
      setOpen(false);
      setPicker(outcome.items);
    } else notify(outcome.message, 'error');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      void search();
    } else if (event.key === 'Escape') {
      setOpen(false);
    } else if (searchesAsYouType(type) && hits.length && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (event.key === 'ArrowDown' ? Math.min(i + 1, hits.length - 1) : Math.max(i - 1, -1)));
    }
  };

  if (!context) return null;
  const current = SEARCH_TYPES.find((t) => t.key === type) ?? SEARCH_TYPES[0];
  const showHits = searchesAsYouType(type) && open && Boolean(typed) && hitsFor !== null;

  return (
    <ClickAwayListener onClickAway={() => setOpen(false)}>
      <Box
        ref={anchor}
        data-testid="jumpbox"
        data-search-type={type}
        sx={{
          display: { xs: 'none', md: 'flex' },
          alignItems: 'center',
          bgcolor: 'background.paper',
          color: 'text.primary',
          borderRadius: 1,
          height: 36,
          mx: 1,
          pl: 1,
          minWidth: 0,
          width: { md: 240, lg: 300, xl: 400 },
          flexShrink: 1,
        }}
      >
        <Select
          variant="standard"
          disableUnderline
          value={type}
          onChange={(e) => changeType(e.target.value as SearchTypeKey)}
          sx={{ fontSize: 14, minWidth: 104, flexShrink: 0, '& .MuiSelect-select': { py: 0.5 } }}
          inputProps={{ 'aria-label': 'Search type' }}
          SelectDisplayProps={{ 'data-testid': 'jumpbox-type' } as HTMLAttributes<HTMLDivElement>}
        >
          {SEARCH_TYPES.map((t) => (
            <MenuItem key={t.key} value={t.key} data-testid={`jumpbox-type-option-${t.key}`}>
              {t.label}
            </MenuItem>
          ))}
        </Select>
        <InputBase
          value={text}
          placeholder={current.placeholder}
          onChange={(e) => {
            setText(e.target.value);
            setActive(-1);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onKeyDown={onKeyDown}
          sx={{ flexGrow: 1, fontSize: 14, ml: 1, minWidth: 0 }}
          inputProps={{ 'data-testid': 'jumpbox-input', 'aria-label': `Search by ${current.label}`, autoComplete: 'off' } as InputHTMLAttributes<HTMLInputElement>}
        />
        <IconButton size="small" onClick={() => void search()} disabled={busy} aria-label="Search" data-testid="jumpbox-search">
          <SearchIcon fontSize="small" />
        </IconButton>
        <Popper open={showHits} anchorEl={anchor.current} placement="bottom-start" sx={{ zIndex: 1300 }}>
          <Paper elevation={6} sx={{ width: anchor.current?.offsetWidth ?? 420, maxHeight: 420, overflowY: 'auto' }} data-testid="jumpbox-hits">
            {hits.length === 0 ? (
              <Typography sx={{ p: 1.5 }} variant="body2" data-testid="jumpbox-no-hits">
                Item not found.
              </Typography>
            ) : (
              <List dense disablePadding>
                {hits.map((hit, i) => (
                  <ListItemButton
                    key={hit.cip_no}
                    selected={i === active}
                    onMouseEnter={() => setActive(i)}
                    onClick={() => {
                      void saveJumpBoxSetting(JUMPBOX_SETTINGS.searchData, typed);
                      goTo(hit);
                    }}
                    data-testid="jumpbox-hit"
                    data-cip-no={hit.cip_no}
                  >
                    <ListItemText
                      primary={`${hit.cip_code} · ${[hit.cust_desc1, hit.cust_desc2].filter(Boolean).join(' ')}`}
                      secondary={[
                        hit.cust_item_code,
                        hit.mfg_part_no ? `${hit.mfg_code ?? ''} ${hit.mfg_part_no}`.trim() : null,
                        hit.location,
                        `On hand ${formatQuantity(hit.qty_on_hand)}`,
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                      slotProps={{ primary: { noWrap: true, fontSize: 14 }, secondary: { noWrap: true, fontSize: 12 } }}
                    />
                  </ListItemButton>
                ))}
              </List>
            )}
          </Paper>
        </Popper>
        <SelectItemDialog items={picker} canSeeCost={canSeeCost} onSelect={goTo} onClose={() => setPicker(null)} />
      </Box>
    </ClickAwayListener>
  );
}
