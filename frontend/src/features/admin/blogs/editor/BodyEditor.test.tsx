import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Editor } from '@tiptap/core';
import type { BlogDocument } from '@ngo-site/shared';
import { describe, expect, it } from 'vitest';
import BodyEditor from './BodyEditor';
import { parseVideoUrl, withoutHandlers } from './to-document';

/** The real TipTap editor in jsdom; the last document it reported. */
async function openEditor(initial?: BlogDocument) {
  const seen: BlogDocument[] = [];
  render(<BodyEditor label="Content" initial={initial} onChange={(doc) => seen.push(doc)} />);
  const text = await screen.findByRole('textbox', { name: 'Content' });
  const editor = (text as HTMLElement & { editor: Editor }).editor;
  return { text, editor, last: () => seen.at(-1) };
}

const hello = (): BlogDocument => ({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Hello wells' }] }] });

describe('the post editor', () => {
  it('names every toolbar button', async () => {
    await openEditor();
    const toolbar = screen.getByRole('toolbar', { name: 'Content formatting' });
    for (const name of ['Bold', 'Italic', 'Heading', 'Link', 'Bulleted list', 'Numbered list', 'Quote', 'Image', 'Video', 'Call to action']) {
      expect(toolbar.querySelector(`button[aria-label="${name}"]`), name).not.toBeNull();
    }
  });

  it('makes the selection bold from the toolbar, and says the button is on', async () => {
    const { editor, last } = await openEditor(hello());
    editor.commands.setTextSelection({ from: 1, to: 6 });
    await userEvent.click(screen.getByRole('button', { name: 'Bold' }));
    expect(last()?.content[0]).toEqual({
      type: 'paragraph',
      content: [
        { type: 'text', text: 'Hello', marks: [{ type: 'bold' }] },
        { type: 'text', text: ' wells' },
      ],
    });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Bold' })).toHaveAttribute('aria-pressed', 'true'));
  });

  it('takes the keyboard shortcuts: Ctrl+I for italic, Ctrl+Alt+2 for a heading', async () => {
    const { text, editor, last } = await openEditor(hello());
    editor.commands.setTextSelection({ from: 7, to: 12 });
    fireEvent.keyDown(text, { key: 'i', ctrlKey: true });
    expect(last()?.content[0]?.type === 'paragraph' && last()?.content[0]).toMatchObject({
      content: [{ text: 'Hello ' }, { text: 'wells', marks: [{ type: 'italic' }] }],
    });
    fireEvent.keyDown(text, { key: '2', code: 'Digit2', ctrlKey: true, altKey: true });
    expect(last()?.content[0]).toMatchObject({ type: 'heading', attrs: { level: 2 } });
  });

  it('turns "## ", "- " and "> " at the start of a line into a heading, a list and a quote', async () => {
    const { editor, last } = await openEditor();
    const type = (input: string) => {
      for (const character of input) {
        const { from, to } = editor.state.selection;
        const handled = editor.view.someProp('handleTextInput', (handle) =>
          handle(editor.view, from, to, character, () => editor.state.tr.insertText(character, from, to)),
        );
        if (!handled) editor.view.dispatch(editor.state.tr.insertText(character, from, to));
      }
    };
    type('## Water');
    expect(last()?.content[0]).toEqual({ type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Water' }] });
    editor.commands.setContent('');
    type('- one');
    expect(last()?.content[0]).toMatchObject({ type: 'bulletList', content: [{ type: 'listItem' }] });
    editor.commands.setContent('');
    type('> said');
    expect(last()?.content[0]).toMatchObject({ type: 'blockquote', content: [{ type: 'paragraph', content: [{ text: 'said' }] }] });
  });

  it('keeps the structure of pasted HTML and drops scripts, handlers, styles, foreign images and javascript: links', async () => {
    const { editor, last } = await openEditor();
    editor.view.pasteHTML(
      '<meta charset="utf-8"><h1 style="color:red">Report</h1><h2 onclick="alert(1)">Wells</h2>' +
        '<p style="font-family:Calibri">Plain <b>bold</b> <span style="font-style:italic">italic</span> <i>tilted</i> ' +
        '<a href="javascript:alert(1)">bad</a> <a href="https://example.org/x" target="_blank" onclick="steal()">good</a></p>' +
        '<script>alert(1)</script><img src="https://evil.example/track.gif" alt="tracker">' +
        '<ul><li><p>one</p></li><li>two</li></ul><blockquote><p>quoted words</p></blockquote><iframe src="https://evil.example"></iframe>',
      new Event('paste') as ClipboardEvent,
    );
    const doc = last()!;
    const json = JSON.stringify(doc);
    // The editor keeps an empty paragraph at the end to type in.
    expect(doc.content.map((block) => block.type)).toEqual(['heading', 'heading', 'paragraph', 'bulletList', 'blockquote', 'paragraph']);
    expect(doc.content[4]).toEqual({ type: 'blockquote', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'quoted words' }] }] });
    // The paste's h1 and h2 are the document's two levels.
    expect(doc.content[0]).toEqual({ type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Report' }] });
    expect(doc.content[1]).toEqual({ type: 'heading', attrs: { level: 3 }, content: [{ type: 'text', text: 'Wells' }] });
    expect(json).toContain('{"type":"text","text":"bold","marks":[{"type":"bold"}]}');
    expect(json).toContain('{"type":"text","text":"tilted","marks":[{"type":"italic"}]}');
    expect(json).toContain('{"type":"text","text":"good","marks":[{"type":"link","attrs":{"href":"https://example.org/x"}}]}');
    expect(json).not.toMatch(/javascript|alert|steal|style|evil|onclick|target|image/);
  });

  it('places a video and then a call to action after it, each from its panel', async () => {
    const { last } = await openEditor(hello());
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Video' }));
    const video = screen.getByRole('group', { name: 'Video' });
    await user.type(within(video).getByLabelText('YouTube or Vimeo address'), 'https://vimeo.com/76979871');
    await user.click(within(video).getByRole('button', { name: 'Insert' }));
    expect(within(video).getByRole('alert')).toHaveTextContent('Give the video a title');
    await user.type(within(video).getByLabelText('Title'), 'Planting day');
    await user.click(within(video).getByRole('button', { name: 'Insert' }));
    await user.click(screen.getByRole('button', { name: 'Call to action' }));
    const cta = screen.getByRole('group', { name: 'Call to action' });
    await user.selectOptions(within(cta).getByLabelText('Leads to'), 'volunteer');
    await user.type(within(cta).getByLabelText('Button label'), 'Join the drive{Enter}');
    expect(last()?.content.filter((block) => block.type !== 'paragraph')).toEqual([
      { type: 'video', attrs: { provider: 'vimeo', id: '76979871', title: 'Planting day' } },
      { type: 'callToAction', attrs: { kind: 'volunteer', label: 'Join the drive' } },
    ]);
  });

  it('takes handler attributes out of pasted HTML before it is parsed, and nothing else', () => {
    expect(withoutHandlers(`<p onclick="a()" class="x">Add onion = 5 <a href="/x" ONMOUSEOVER='b()' onload=c()>go</a></p>`)).toBe(
      '<p class="x">Add onion = 5 <a href="/x">go</a></p>',
    );
  });

  it('reads a video page address as its provider and id, and nothing else', () => {
    expect(parseVideoUrl('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=1')).toEqual({ provider: 'youtube', id: 'dQw4w9WgXcQ' });
    expect(parseVideoUrl('https://youtu.be/dQw4w9WgXcQ')).toEqual({ provider: 'youtube', id: 'dQw4w9WgXcQ' });
    expect(parseVideoUrl('https://vimeo.com/76979871')).toEqual({ provider: 'vimeo', id: '76979871' });
    expect(parseVideoUrl('https://evil.example/watch?v=dQw4w9WgXcQ')).toBeNull();
    expect(parseVideoUrl('javascript:alert(1)')).toBeNull();
  });
});
