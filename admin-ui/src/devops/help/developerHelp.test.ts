import { describe, expect, it } from 'vitest';
import { helpIdOfClick } from './developerHelp';

describe('developer help click', () => {
  const field = () => {
    const wrapper = document.createElement('div');
    wrapper.setAttribute('data-help-id', '4');
    const input = document.createElement('input');
    wrapper.appendChild(input);
    return input;
  };
  it('needs Ctrl and Alt held on an element with a help id', () => {
    const target = field();
    expect(helpIdOfClick({ ctrlKey: true, altKey: true, target })).toBe('4');
    expect(helpIdOfClick({ ctrlKey: true, altKey: false, target })).toBeNull();
    expect(helpIdOfClick({ ctrlKey: false, altKey: true, target })).toBeNull();
    expect(helpIdOfClick({ ctrlKey: true, altKey: true, target: document.createElement('span') })).toBeNull();
  });
});
