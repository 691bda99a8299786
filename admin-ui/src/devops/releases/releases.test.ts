import { describe, expect, it } from 'vitest';
import { bugFields, bugPairs, releaseBody } from './releases';
import { withLineBreaks } from '../../ui';
import { bugTrackerLink } from '../../lib/config';

describe('releases', () => {
  it('names the 10 bug pairs as the API does', () => {
    expect(bugFields(1)).toEqual({ number: 'release_bug_number', text: 'release_text' });
    expect(bugFields(10)).toEqual({ number: 'release_bug_number10', text: 'release_text10' });
    expect(bugPairs({ release_bug_number: '31', release_text: 'a', release_bug_number3: '33' })).toEqual([
      { n: 1, number: '31', text: 'a' },
      { n: 3, number: '33', text: '' },
    ]);
  });
  it('saves with id 0 as a major release and empty texts as null', () => {
    expect(releaseBody({ release_id: 9, major_release: false, release_number: '8.68', release_title: ' ', release_date: '' })).toEqual({
      release_id: 0,
      major_release: true,
      release_number: '8.68',
      release_title: null,
      release_date: null,
    });
  });
  it('shows line-break markers as newlines', () => {
    expect(withLineBreaks('a<br>b<br/>c<BR />d\\ne\r\nf')).toBe('a\nb\nc\nd\ne\nf');
  });
  it('links bug numbers when a tracker address is configured', () => {
    expect(bugTrackerLink('31207', 'https://bugs.example.com/b/{bug}')).toBe('https://bugs.example.com/b/31207');
    expect(bugTrackerLink('31207', 'https://bugs.example.com/b/')).toBe('https://bugs.example.com/b/31207');
    expect(bugTrackerLink('31207', '')).toBeNull();
    expect(bugTrackerLink('', 'x')).toBeNull();
  });
});
