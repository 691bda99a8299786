import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { dataProvider } from './index';
import { SaveRefused } from './resources';

function json(body: unknown, status = 200) {
  return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

type Call = { url: string; method: string; body: unknown };

describe('data provider', () => {
  let fetchMock: Mock;
  let answers: Array<(call: Call) => Response | undefined>;
  const calls = (): Call[] =>
    fetchMock.mock.calls.map(([url, init]) => ({
      url: String(url),
      method: init?.method ?? 'GET',
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    }));

  beforeEach(() => {
    localStorage.setItem('asp.token', 'tok');
    answers = [];
    fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      const call = { url, method: init?.method ?? 'GET', body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined };
      for (const answer of answers) {
        const response = answer(call);
        if (response) return response;
      }
      return json({ message: 'Not found', status: 404 }, 404);
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  const list = { pagination: { page: 3, perPage: 20 }, sort: { field: 'release_title', order: 'DESC' as const }, filter: {} };

  describe('getList of a paged search', () => {
    it('posts the zero-based page, the page size and the sort, and nothing else without filters', async () => {
      answers.push(() => json({ itemList: [], totalCount: 0, limited: false }));
      await dataProvider.getList('releases', list);
      expect(calls()).toEqual([
        {
          url: '/api/V1/DevOps/Release/Search',
          method: 'POST',
          body: { pageNumber: 2, pageSize: 20, sortField: 'release_title', sortDirection: 'desc' },
        },
      ]);
    });

    it('leaves the sort out when the list has none (the API then uses its default order)', async () => {
      answers.push(() => json({ itemList: [], totalCount: 0, limited: false }));
      await dataProvider.getList('errorFilters', {
        pagination: { page: 1, perPage: 10 },
        sort: { field: '', order: 'ASC' },
        filter: { start_date: '2026-11-15', end_date: '2026-11-23' },
      });
      expect(calls()[0]?.body).toEqual({ start_date: '2026-11-15', end_date: '2026-11-23', pageNumber: 0, pageSize: 10 });
    });

    it("sends the resource's criteria, with empty inputs and 'All' choices as null", async () => {
      answers.push(() => json({ resultList: [], totalCount: 0, limited: false }));
      // react-admin drops empty filter values; the criteria put them back as null.
      await dataProvider.getList('alerts', {
        pagination: { page: 1, perPage: 10 },
        sort: { field: 'notification_id', order: 'ASC' },
        filter: { po_no: ' 42 ', date_start: '2026-10-23', alert_type: 3 },
      });
      expect(calls()[0]).toEqual({
        url: '/api/V1/AlertAuditing/Search',
        method: 'POST',
        body: {
          po_no: '42',
          wo_no: null,
          req_no: null,
          cip_no: null,
          date_start: '2026-10-23',
          date_end: null,
          alert_type: 3,
          site_code: null,
          pageNumber: 0,
          pageSize: 10,
          sortField: 'notification_id',
          sortDirection: 'asc',
        },
      });
    });

    it('maps the error log form: filter 0 and no application are null', async () => {
      answers.push(() => json({ itemList: [], totalCount: 0, limited: false }));
      await dataProvider.getList('errorLog', {
        pagination: { page: 1, perPage: 50 },
        sort: { field: 'asp_error_log_ID', order: 'DESC' },
        filter: { start_date: '2026-11-15', end_date: '2026-11-23', filter_id: 0 },
      });
      expect(calls()[0]?.body).toMatchObject({ filter_id: null, application_name: null, pageSize: 50 });
    });

    it('fills path placeholders from the filter and keeps them out of the body', async () => {
      answers.push(() => json({ itemList: [], totalCount: 0, limited: false }));
      await dataProvider.getList('jobHistory', {
        pagination: { page: 1, perPage: 10 },
        sort: { field: 'job_run_id', order: 'DESC' },
        filter: { job_id: 7 },
      });
      expect(calls()[0]).toEqual({
        url: '/api/V1/DevOps/Job/7/History',
        method: 'POST',
        body: { pageNumber: 0, pageSize: 10, sortField: 'job_run_id', sortDirection: 'desc' },
      });
    });

    it('answers the rows with their ids, the total and the row-limit state', async () => {
      const limitMessage = 'This search was limited to the first 5000 matching rows. Your results may not be complete.';
      answers.push(() =>
        json({ itemList: [{ release_id: 4, release_number: '8.4' }, { release_id: 3, release_number: '8.3' }], totalCount: 5000, limited: true, limitMessage }),
      );
      const result = await dataProvider.getList('releases', list);
      expect(result.data).toEqual([
        { id: 4, release_id: 4, release_number: '8.4' },
        { id: 3, release_id: 3, release_number: '8.3' },
      ]);
      expect(result.total).toBe(5000);
      expect(result.meta).toEqual({ limited: true, limitMessage });
    });

    it('reads resultList answers and gives repeated rows distinct ids', async () => {
      answers.push(() => json({ resultList: [{ notification_id: 9 }, { notification_id: 9 }], totalCount: 2, limited: false }));
      const result = await dataProvider.getList('alerts', { ...list, filter: {} });
      expect(result.data.map((r) => r.id)).toEqual(['9-0', '9-1']);
      expect(result.meta).toEqual({ limited: false, limitMessage: null });
    });

    it('rejects with the HTTP error (status and message) when the search fails', async () => {
      answers.push(() =>
        json({ status: 400, message: 'Invalid sort field', errors: [{ field: 'sortField', errorType: 'invalidSortField', error: 'Invalid sort field' }] }, 400),
      );
      await expect(dataProvider.getList('releases', list)).rejects.toMatchObject({ status: 400, message: 'Invalid sort field' });
    });
  });

  describe('getList of a whole list', () => {
    it('GETs the list with its path and query values and numbers the rows by their key', async () => {
      answers.push((c) => (c.url.startsWith('/api/V1/DevOps/DBTools/GetUserNames/') ? json([{ network_name: 'jdoe', friendly_name: 'J Doe' }]) : undefined));
      const result = await dataProvider.getList('dbUsers', { ...list, filter: { environment_name: 'QA' } });
      expect(calls()).toEqual([{ url: '/api/V1/DevOps/DBTools/GetUserNames/QA', method: 'GET', body: undefined }]);
      expect(result).toMatchObject({ data: [{ id: 'jdoe', friendly_name: 'J Doe' }], total: 1, meta: { limited: false } });

      answers.unshift((c) => (c.url.startsWith('/api/V1/Presentation/TrainingLinks') ? json([]) : undefined));
      await dataProvider.getList('trainingLinks', { ...list, filter: { category: 'devops' } });
      expect(calls()[1]?.url).toBe('/api/V1/Presentation/TrainingLinks?category=devops');
    });
  });

  describe('getOne, create and update', () => {
    it('getOne calls the resource read and sets the id', async () => {
      answers.push((c) => (c.url === '/api/V1/DevOps/Release/12' ? json({ release_id: 12, release_number: '8.12', major_release: true }) : undefined));
      const { data } = await dataProvider.getOne('releases', { id: '12' });
      expect(data).toEqual({ id: 12, release_id: 12, release_number: '8.12', major_release: true });
    });

    it('getOne of a type reads it by query', async () => {
      answers.push((c) => (c.url === '/api/V1/AlertAuditing/Type?type_id=3' ? json({ type_notification_id: 3, description: 'PO approved' }) : undefined));
      await expect(dataProvider.getOne('alertTypes', { id: 3 })).resolves.toEqual({
        data: { id: 3, type_notification_id: 3, description: 'PO approved' },
      });
    });

    it('create posts the release and answers it with the new id and the API message', async () => {
      answers.push((c) => (c.url === '/api/V1/DevOps/Release' ? json({ success: true, message: 'Release 8.70 saved.', release_id: 70 }) : undefined));
      const result = await dataProvider.create('releases', { data: { release_id: 0, release_number: '8.70', release_title: 'T' } });
      expect(calls()[0]).toEqual({ url: '/api/V1/DevOps/Release', method: 'POST', body: { release_id: 0, release_number: '8.70', release_title: 'T' } });
      expect(result).toEqual({ data: { id: 70, release_id: 70, release_number: '8.70', release_title: 'T' }, meta: { message: 'Release 8.70 saved.' } });
    });

    it('create rejects with the API message when the release was not saved', async () => {
      answers.push(() => json({ success: false, message: 'Release 8.70 already exists.' }));
      const failure = dataProvider.create('releases', { data: { release_id: 0, release_number: '8.70' } });
      await expect(failure).rejects.toBeInstanceOf(SaveRefused);
      await expect(failure).rejects.toThrow('Release 8.70 already exists.');
    });

    it('update of a job sends each kind of change to its own call', async () => {
      answers.push((c) => json({ message: `${c.url} done` }));
      const job = { id: 5, job_id: 5, active: false, log_level: 'Info' };
      const activated = await dataProvider.update('jobs', { id: 5, data: { active: true }, previousData: job });
      await dataProvider.update('jobs', { id: 5, data: { job_status: 0 }, previousData: job });
      await dataProvider.update('jobs', { id: 5, data: { log_level: 'Debug' }, previousData: job });
      expect(calls()).toEqual([
        { url: '/api/V1/DevOps/Job/5/Activation', method: 'PUT', body: { active: true } },
        { url: '/api/V1/DevOps/Job/5/Status', method: 'PUT', body: { job_status: 0 } },
        { url: '/api/V1/DevOps/Job/5/LogLevel', method: 'PUT', body: { log_level: 'Debug' } },
      ]);
      expect(activated).toEqual({ data: { ...job, active: true }, meta: { message: '/api/V1/DevOps/Job/5/Activation done' } });
    });

    it('refuses the methods a resource does not have, without calling the API', async () => {
      await expect(dataProvider.delete('releases', { id: 1 })).rejects.toThrow('delete is not available for releases');
      await expect(dataProvider.update('releases', { id: 1, data: {}, previousData: { id: 1 } })).rejects.toThrow(
        'update is not available for releases',
      );
      expect(fetchMock).not.toHaveBeenCalled();
    });
  });

  describe('export', () => {
    it('posts the search body and the columns to the /Export twin and answers the file', async () => {
      answers.push((c) =>
        c.url === '/api/V1/DevOps/Job/7/History/Export'
          ? new Response(new Uint8Array([0x50, 0x4b]), {
              status: 200,
              headers: { 'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
            })
          : undefined,
      );
      const columns = [{ header: 'Run Id', field: 'job_run_id', kind: 'number' as const }];
      const blob = await dataProvider.exportXlsx('jobHistory', {
        filter: { job_id: 7 },
        pagination: { page: 2, perPage: 10 },
        sort: { field: 'job_run_id', order: 'DESC' },
        columns,
      });
      expect(blob.size).toBe(2);
      expect(calls()[0]?.body).toEqual({ pageNumber: 1, pageSize: 10, sortField: 'job_run_id', sortDirection: 'desc', columns });
    });

    it('has no export for searches without an export twin', async () => {
      await expect(
        dataProvider.exportXlsx('dbtools', { filter: {}, pagination: { page: 1, perPage: 10 }, sort: { field: '', order: 'ASC' }, columns: [] }),
      ).rejects.toThrow('export is not available for dbtools');
    });
  });

  it('sends users, roles, permissions and sites to the simple-rest adapter', async () => {
    answers.push(() => new Response(JSON.stringify([{ id: 1, role_name: 'Buyer' }]), { status: 200, headers: { 'Content-Range': 'roles 0-0/1' } }));
    const result = await dataProvider.getList('roles', { pagination: { page: 1, perPage: 25 }, sort: { field: 'role_name', order: 'ASC' }, filter: {} });
    expect(calls()[0]?.url).toMatch(/^\/api\/admin\/roles\?/);
    expect(result).toEqual({ data: [{ id: 1, role_name: 'Buyer' }], total: 1 });
  });
});
