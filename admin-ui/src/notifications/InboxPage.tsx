// The inbox (issue 23, spec 4 "Alert inbox"): the caller's notifications at the current site, unread first to the eye,
// filtered and paged on the server; rows chosen to acknowledge or remove; one opened (/notification?id=N) is marked
// read by the server and shows its message and a link to the record it is about. Every change tells the bell.
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  FormControlLabel,
  Link,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useNavigate, useSearchParams } from 'react-router';
import { SelectField } from '../grid/SelectField';
import { callApi, type Body } from '../shared/api';
import { formatCount } from '../shared/numbers';
import { ActionButton, formatDateTime, InfoRow, LoadState, PageTitle, Pager, RouteLink, Section, TextInput, useApi, withLineBreaks } from '../ui';
import { useUserContext } from '../shell/UserContextProvider';
import { inboxChanged, onRealtime } from '../realtime/events';
import { safeHref } from '../realtime/sanitize';
import { INBOX_ROUTE, INBOX_TITLE, openedId, readState, recordLink, type InboxMessage } from './inbox';

const ALL = '';
const DEFAULT_PAGE_SIZE = 20;

type StatusBody = Body<'/V1/Alerts/Inbox/status/update', 'post'>;

const plural = (n: number, one: string, many = `${one}s`) => `${formatCount(n)} ${n === 1 ? one : many}`;

function statusUpdate(userId: number, ack: number[], remove: number[]) {
  const body: StatusBody = { asp_users_id: userId, ack, remove };
  return callApi('post', '/V1/Alerts/Inbox/status/update', { body, quiet: true });
}

function StateChip({ message }: { message: InboxMessage }) {
  const state = readState(message);
  return (
    <Chip
      size="small"
      label={state}
      color={state === 'Unread' ? 'primary' : 'default'}
      variant={state === 'Unread' ? 'filled' : 'outlined'}
      data-testid={`inbox-state-${message.notification_id}`}
    />
  );
}

/** The record's link: in-app addresses through the router, others (rare) as a plain safe link. */
function RecordLink({ link }: { link: string }) {
  const inApp = link.replace(/^#/, '');
  if (inApp.startsWith('/')) {
    return (
      <RouteLink to={inApp} data-testid="message-link">
        Open the record
      </RouteLink>
    );
  }
  const href = safeHref(link);
  if (!href) return null;
  return (
    <Link href={href} target="_blank" rel="noopener noreferrer" data-testid="message-link">
      Open the record
    </Link>
  );
}

function MessageView({ userId, notificationId }: { userId: number; notificationId: number }) {
  const navigate = useNavigate();
  // Reading it marks it read (the server's rule), so the bell counts again once it is in.
  const loaded = useApi(
    'get',
    '/V1/Alerts/Inbox/{userId}/{notificationId}',
    { path: { userId, notificationId }, quiet: true },
  );
  const message = loaded.data;
  useEffect(() => {
    if (message) inboxChanged();
  }, [message]);
  const back = () => navigate(INBOX_ROUTE);
  const changed = () => {
    inboxChanged();
    back();
  };
  const link = recordLink(message?.link);
  return (
    <Box p={2} data-testid="message-view">
      <PageTitle
        title={message?.subject || message?.notification_name || INBOX_TITLE}
        backTo={INBOX_ROUTE}
        backLabel="Back to the inbox"
        backTestId="message-back"
        actions={
          message && (
            <Stack direction="row" gap={1}>
              {!message.acknowledged_date && (
                <ActionButton variant="outlined" perform={() => statusUpdate(userId, [notificationId], [])} successMessage="Acknowledged." onDone={changed} testId="message-ack">
                  Acknowledge
                </ActionButton>
              )}
              <ActionButton
                variant="outlined"
                color="warning"
                perform={() => statusUpdate(userId, [], [notificationId])}
                confirm={{ title: 'Remove the notification?', message: 'It leaves your inbox for good.', confirmLabel: 'Remove', danger: true }}
                successMessage="Removed from your inbox."
                onDone={changed}
                testId="message-remove"
              >
                Remove
              </ActionButton>
            </Stack>
          )
        }
      />
      <LoadState loading={loaded.loading} error={loaded.error} what="notification">
        {message && (
          <Section title={message.notification_name} testId="message">
            <InfoRow label="Subject" value={message.subject} testId="message-subject" />
            <InfoRow label="Category" value={message.notification_category} testId="message-category" />
            <InfoRow label="Date" value={formatDateTime(message.created_date)} testId="message-date" />
            <InfoRow label="State" testId="message-state">
              {readState(message)}
              {message.acknowledged_date ? ` ${formatDateTime(message.acknowledged_date)}` : ''}
            </InfoRow>
            <Typography variant="body1" sx={{ whiteSpace: 'pre-line', my: 2 }} data-testid="message-body">
              {withLineBreaks(message.body_inbox || message.subject)}
            </Typography>
            {link && <RecordLink link={link} />}
          </Section>
        )}
      </LoadState>
    </Box>
  );
}

function InboxList({ userId }: { userId: number }) {
  const navigate = useNavigate();
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [categoryId, setCategoryId] = useState<number | typeof ALL>(ALL);
  const [typeId, setTypeId] = useState<number | typeof ALL>(ALL);
  const [text, setText] = useState<string | null>(null);
  const [search, setSearch] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [selected, setSelected] = useState<number[]>([]);

  const types = useApi('get', '/V1/Alerts/Types', undefined);
  const categories = useApi('get', '/V1/Alerts/Category', undefined);
  const body = useMemo<Body<'/V1/Alerts/Notification/Search', 'post'>>(
    () => ({
      pageNumber: page - 1,
      pageSize,
      unread_only: unreadOnly,
      notification_category_id: categoryId === ALL ? null : categoryId,
      type_notification_id: typeId === ALL ? null : typeId,
      search: search || null,
    }),
    [page, pageSize, unreadOnly, categoryId, typeId, search],
  );
  const list = useApi('post', '/V1/Alerts/Notification/Search', { body });
  // A new alert arriving while the list is open shows up in it.
  const { reload } = list;
  useEffect(() => onRealtime('toast', reload), [reload]);
  const rows = list.data?.resultList ?? [];
  const total = list.data?.totalCount ?? 0;

  // A filter change starts again at page 1 with nothing chosen.
  const refilter = <T,>(set: (value: T) => void) => (value: T) => {
    set(value);
    setPage(1);
    setSelected([]);
  };
  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    refilter(setSearch)(text?.trim() || null);
  };
  const typeOptions = (types.data ?? [])
    .filter((t) => categoryId === ALL || t.notification_category_id === categoryId)
    .map((t) => ({ value: t.asp_notification_type_id, label: t.notification_name }));
  const categoryOptions = (categories.data ?? []).map((c) => ({ value: c.notification_category_id, label: c.name }));

  const onPage = rows.map((r) => r.notification_id);
  const allChosen = onPage.length > 0 && onPage.every((id) => selected.includes(id));
  const toggle = (id: number) => setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]));
  const toggleAll = () => setSelected(allChosen ? [] : onPage);
  const changed = () => {
    setSelected([]);
    list.reload();
    inboxChanged();
  };
  const chosen = selected.length;

  return (
    <Box p={2} data-testid="inbox-page">
      <PageTitle
        title={INBOX_TITLE}
        actions={
          <Stack direction="row" gap={1}>
            <ActionButton
              variant="outlined"
              disabled={!chosen}
              perform={() => statusUpdate(userId, selected, [])}
              successMessage={`Acknowledged ${plural(chosen, 'notification')}.`}
              onDone={changed}
              testId="inbox-ack"
            >
              Acknowledge{chosen ? ` (${formatCount(chosen)})` : ''}
            </ActionButton>
            <ActionButton
              variant="outlined"
              color="warning"
              disabled={!chosen}
              perform={() => statusUpdate(userId, [], selected)}
              confirm={{
                title: 'Remove from your inbox?',
                message: `Remove ${plural(chosen, 'notification')} from your inbox. They cannot be brought back.`,
                confirmLabel: 'Remove',
                danger: true,
              }}
              successMessage={`Removed ${plural(chosen, 'notification')}.`}
              onDone={changed}
              testId="inbox-remove"
            >
              Remove{chosen ? ` (${formatCount(chosen)})` : ''}
            </ActionButton>
          </Stack>
        }
      />
      <Stack component="form" direction="row" gap={2} alignItems="center" flexWrap="wrap" mb={2} onSubmit={onSearch}>
        <FormControlLabel
          control={<Switch checked={unreadOnly} onChange={(e) => refilter(setUnreadOnly)(e.target.checked)} slotProps={{ input: { 'aria-label': 'Unread only' } }} />}
          label="Unread only"
          data-testid="inbox-unread-only"
        />
        <SelectField
          testId="inbox-category"
          label="Category"
          value={categoryId}
          onChange={(v) => {
            refilter(setCategoryId)(v);
            setTypeId(ALL);
          }}
          options={[{ value: ALL, label: 'All categories' }, ...categoryOptions]}
          sx={{ minWidth: 180 }}
        />
        <SelectField
          testId="inbox-type"
          label="Type"
          value={typeId}
          onChange={refilter(setTypeId)}
          options={[{ value: ALL, label: 'All types' }, ...typeOptions]}
          sx={{ minWidth: 240 }}
        />
        <TextInput label="Text" value={text} onChange={(v) => setText(v ?? null)} testId="inbox-search" sx={{ width: 240 }} />
        <Button type="submit" variant="contained" data-testid="inbox-search-button">
          Search
        </Button>
      </Stack>
      <LoadState loading={list.loading && !list.data} error={list.error} what="inbox">
        {rows.length === 0 ? (
          <Alert severity="info" data-testid="inbox-empty">
            {unreadOnly || search || categoryId !== ALL || typeId !== ALL ? 'No notification matches.' : 'Your inbox is empty.'}
          </Alert>
        ) : (
          <Table size="small" data-testid="inbox-table">
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox">
                  <Checkbox checked={allChosen} indeterminate={chosen > 0 && !allChosen} onChange={toggleAll} slotProps={{ input: { 'aria-label': 'Choose every row of the page' } }} data-testid="inbox-select-all" />
                </TableCell>
                <TableCell>Subject</TableCell>
                <TableCell>Type</TableCell>
                <TableCell>Date</TableCell>
                <TableCell>State</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((m) => {
                const unread = !m.is_read;
                return (
                  <TableRow key={m.notification_id} hover selected={selected.includes(m.notification_id)} data-testid={`inbox-row-${m.notification_id}`} data-unread={unread}>
                    <TableCell padding="checkbox">
                      <Checkbox
                        checked={selected.includes(m.notification_id)}
                        onChange={() => toggle(m.notification_id)}
                        slotProps={{ input: { 'aria-label': `Choose ${m.subject ?? m.notification_name}` } }}
                        data-testid={`inbox-select-${m.notification_id}`}
                      />
                    </TableCell>
                    <TableCell sx={{ fontWeight: unread ? 700 : 400 }}>
                      <Link
                        component="button"
                        type="button"
                        underline="hover"
                        onClick={() => navigate(`${INBOX_ROUTE}?id=${m.notification_id}`)}
                        sx={{ fontWeight: 'inherit', textAlign: 'left' }}
                        data-testid={`inbox-open-${m.notification_id}`}
                      >
                        {m.subject || m.notification_name}
                      </Link>
                    </TableCell>
                    <TableCell>{m.notification_name}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(m.created_date)}</TableCell>
                    <TableCell>
                      <StateChip message={m} />
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        )}
        {total > 0 && (
          <Pager
            id="inbox"
            page={page}
            pageSize={pageSize}
            total={total}
            onPage={(p) => {
              setPage(p);
              setSelected([]);
            }}
            onPageSize={(size) => {
              setPageSize(size);
              setPage(1);
              setSelected([]);
            }}
          />
        )}
      </LoadState>
    </Box>
  );
}

export function InboxPage() {
  const { context } = useUserContext();
  const [params] = useSearchParams();
  const userId = context?.currentUser?.asp_users_id;
  const siteCode = context?.currentSite?.siteCode;
  if (!userId) return null;
  const id = openedId(params);
  // The inbox is per site: a site switch starts it afresh.
  return id ? <MessageView key={`${siteCode}-${id}`} userId={userId} notificationId={id} /> : <InboxList key={siteCode ?? ''} userId={userId} />;
}
