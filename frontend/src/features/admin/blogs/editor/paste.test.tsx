import { describe, expect, it } from 'vitest';
import { cleanPastedHtml } from './paste';

// What Word (Windows, through Chromium's clipboard) writes for a bulleted list with a nested
// numbered one, and Google Docs' wrapper and styled spans.
const word =
  '<p class=MsoNormal>Before<o:p></o:p></p>\n' +
  "<p class=MsoListParagraphCxSpFirst style='text-indent:-18.0pt;mso-list:l0 level1 lfo1'><!--[if !supportLists]--><span style='font-family:Symbol'><span style='mso-list:Ignore'>·<span style='font:7.0pt \"Times New Roman\"'>&nbsp;&nbsp;&nbsp; </span></span></span><!--[endif]-->Twelve <b>families</b><o:p></o:p></p>\n" +
  "<p class=MsoListParagraphCxSpMiddle style='margin-left:72.0pt;mso-list:l0 level2 lfo1'><!--[if !supportLists]--><span><span style='mso-list:Ignore'>1.<span>&nbsp;&nbsp; </span></span></span><!--[endif]-->Morning<o:p></o:p></p>\n" +
  "<p class=MsoListParagraphCxSpMiddle style='margin-left:72.0pt;mso-list:l0 level2 lfo1'><!--[if !supportLists]--><span><span style='mso-list:Ignore'>2.<span>&nbsp;&nbsp; </span></span></span><!--[endif]-->Evening<o:p></o:p></p>\n" +
  "<p class=MsoListParagraphCxSpLast style='text-indent:-18.0pt;mso-list:l0 level1 lfo1'><!--[if !supportLists]--><span style='font-family:Symbol'><span style='mso-list:Ignore'>·<span>&nbsp;&nbsp;&nbsp; </span></span></span><!--[endif]-->One pump<o:p></o:p></p>\n" +
  '<p class=MsoNormal>After<o:p></o:p></p>';

const text = (html: string) => html.replace(/<!--.*?-->|<\/?o:p>|\s+class="[^"]*"|\s+style="[^"]*"/g, '').replace(/\n/g, '');

describe('pasted HTML', () => {
  it('makes Word list paragraphs into nested lists, without the typed bullets and numbers', () => {
    expect(text(cleanPastedHtml(word))).toBe(
      '<p>Before</p><ul><li><p>Twelve <b>families</b></p><ol><li><p>Morning</p></li><li><p>Evening</p></li></ol></li><li><p>One pump</p></li></ul><p>After</p>',
    );
  });

  it('puts the highest heading of a paste on the first level and every lower one on the second', () => {
    expect(cleanPastedHtml('<h1>Report</h1><p>a</p><h2>Wells</h2><h4>Depth</h4>')).toBe('<h2>Report</h2><p>a</p><h3>Wells</h3><h3>Depth</h3>');
    expect(cleanPastedHtml('<h3 id="x">Only</h3>')).toBe('<h2>Only</h2>');
  });

  it('leaves ordinary HTML as it was, apart from handler attributes', () => {
    expect(cleanPastedHtml('<p style="mso-line-height:1">Plain <a href="/x" onclick="a()">go</a></p><ul><li>one</li></ul>')).toBe(
      '<p style="mso-line-height:1">Plain <a href="/x">go</a></p><ul><li>one</li></ul>',
    );
  });
});
