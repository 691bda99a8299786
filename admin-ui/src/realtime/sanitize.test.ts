import { describe, expect, it } from 'vitest';
import { safeHref, sanitizeHtml } from './sanitize';

describe('the HTML toast sanitiser', () => {
  it('keeps simple formatting', () => {
    expect(sanitizeHtml('<b>Count</b> <i>waiting</i><br><ul><li>one</li></ul>')).toBe('<b>Count</b> <i>waiting</i><br><ul><li>one</li></ul>');
  });

  it('drops scripts, styles and frames with their content', () => {
    expect(sanitizeHtml('a<script>alert(1)</script><style>b{}</style><iframe src="x"></iframe>b')).toBe('ab');
  });

  it('keeps the text of other elements and none of their attributes', () => {
    expect(sanitizeHtml('<h1 onclick="x()">Title</h1><img src=x onerror="alert(1)"><b style="color:red" onmouseover="x()">bold</b>')).toBe(
      'Title<b>bold</b>',
    );
  });

  it('keeps links to web, mail and in-app addresses, opening web ones beside the console', () => {
    expect(sanitizeHtml('<a href="https://x.example/a">x</a>')).toBe('<a href="https://x.example/a" target="_blank" rel="noopener noreferrer">x</a>');
    expect(sanitizeHtml('<a href="#/notification?id=4">open</a>')).toBe('<a href="#/notification?id=4">open</a>');
  });

  it('takes the address off a script link', () => {
    expect(sanitizeHtml('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(safeHref(' JavaScript:alert(1)')).toBeNull();
    expect(safeHref('data:text/html,hi')).toBeNull();
    expect(safeHref('/item/1/2')).toBe('/item/1/2');
  });

  it('escapes text that looks like markup once parsed', () => {
    expect(sanitizeHtml('1 &lt; 2 &amp; <b>3 &gt; 2</b>')).toBe('1 &lt; 2 &amp; <b>3 &gt; 2</b>');
  });
});
