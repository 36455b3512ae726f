#!/usr/bin/env python3
"""The browser test's helper: mails and pages made ready for one headless Chromium run.

  mail_pages.py html MESSAGE OUT_DIR NAME
      Writes the HTML part of MESSAGE as OUT_DIR/NAME.html, each part it shows by cid: as a file
      beside it (its src rewritten to that file), as a mail program shows them. Exits 1 when the
      message has no HTML part, or shows a cid: that it does not hold, or loads anything remote.
  mail_pages.py link MESSAGE
      Prints a reply to MESSAGE made from the first mailto: link of its HTML part (From: the
      message's To, To: the link's address, its Subject and body), as a mail program sends it.
  mail_pages.py gallery OUT_FILE PAGE...
      Writes one page holding every PAGE twice, in frames 390 and 1280 px wide (srcdoc, so that
      the script may look inside), and a script that writes one line a frame into #results:
      "ok NAME WIDTH" or "bad NAME WIDTH: why". The check: a picture is shown (an image loaded
      and drawn, or an SVG drawn) and fits, and the document is no wider than its frame; nothing
      scrolls sideways in a box of its own (an element whose overflow is not visible and whose
      content is wider than it), and no element reaches past the frame's right edge (issue 62).
      At 390 px the card faces and goods of an inline picture (class "face") are measured: each
      at least 28 px tall; the line says how many were measured and the smallest,
      "ok NAME 390 faces 12 smallest 30.5".
      A PAGE written text:PATH is a page of words and tables alone (a tournament's standings):
      everything is checked but that a picture is shown.
"""
import email
import hashlib
import email.policy
import html
import re
import sys
import urllib.parse


def message(path):
    with open(path, 'rb') as f:
        return email.message_from_binary_file(f, policy=email.policy.default)


def html_part(msg):
    for part in msg.walk():
        if part.get_content_type() == 'text/html':
            return part.get_content()
    return None


def write_html(path, out_dir, name):
    msg = message(path)
    text = html_part(msg)
    if text is None:
        print(f'{path}: no HTML part')
        return 1
    files = {}
    for part in msg.walk():
        cid = part.get('Content-ID')
        if not cid:
            continue
        cid = cid.strip().strip('<>')
        file = f'{name}-{len(files)}-{part.get_filename() or "part"}'
        with open(f'{out_dir}/{file}', 'wb') as f:
            f.write(part.get_content())
        files[cid] = file
    status = 0
    for cid in re.findall(r'cid:([^"\'\s>]+)', text):
        if html.unescape(cid) not in files:
            print(f'{path}: cid:{cid} is not in the message')
            status = 1
    if re.search(r'(src|href)="(https?:|//)', text):
        print(f'{path}: loads something remote')
        status = 1
    for cid, file in files.items():
        text = text.replace(f'cid:{html.escape(cid)}', file).replace(f'cid:{cid}', file)
    with open(f'{out_dir}/{name}.html', 'w', encoding='utf-8') as f:
        f.write(text)
    return status


def reply_from_link(path):
    msg = message(path)
    text = html_part(msg) or ''
    found = re.search(r'href="(mailto:[^"]*)"', text)
    if not found:
        print(f'{path}: no mailto: link', file=sys.stderr)
        return 1
    link = urllib.parse.urlsplit(html.unescape(found.group(1)))
    query = urllib.parse.parse_qs(link.query)
    to = urllib.parse.unquote(link.path)
    body = query['body'][0].replace('\r\n', '\n')
    reply = email.message.EmailMessage()
    reply['From'] = msg['To']
    reply['To'] = to
    reply['Subject'] = 'Re: ' + query['subject'][0]
    reply['Message-ID'] = '<tap-' + hashlib.sha1(body.encode()).hexdigest()[:16] + '@example.org>'
    reply['In-Reply-To'] = msg['Message-ID']
    reply.set_content(body)
    sys.stdout.write(reply.as_string())
    return 0


GALLERY_SCRIPT = """
window.addEventListener('load', () => {
  const lines = [];
  for (const frame of document.querySelectorAll('iframe')) {
    const doc = frame.contentDocument, width = frame.clientWidth, name = frame.dataset.name;
    const why = [];
    if (doc.documentElement.scrollWidth > width)
      why.push('the page is ' + doc.documentElement.scrollWidth + ' px wide');
    let shown = 0;
    for (const img of doc.images) {
      const box = img.getBoundingClientRect();
      if (!img.complete || img.naturalWidth === 0) why.push('an image did not load: ' + img.src);
      else if (box.width > 0 && box.right <= width + 1) shown++;
      else why.push('an image does not fit: ' + box.width + ' px');
    }
    for (const svg of doc.querySelectorAll('body > svg')) {
      const box = svg.getBoundingClientRect();
      if (box.width > 0 && box.right <= width + 1) shown++;
      else why.push('the picture does not fit: ' + box.width + ' px');
    }
    if (shown === 0 && !frame.dataset.textOnly) why.push('no picture shown');
    // Issue 62: nothing scrolls sideways, not even in a box of its own, and nothing reaches past
    // the right edge. Inside a picture only the picture's own box counts (it clips its drawing).
    const what = el => el.tagName.toLowerCase() + (el.className && typeof el.className === 'string'
      ? '.' + el.className.trim().split(/\s+/).join('.') : '');
    for (const el of doc.body.querySelectorAll('*')) {
      if (el.closest('svg') && el.tagName.toLowerCase() !== 'svg') continue;
      const style = frame.contentWindow.getComputedStyle(el);
      if (style.display === 'none') continue;
      const box = el.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      if (style.overflowX !== 'visible' && el.scrollWidth > el.clientWidth + 1)
        why.push(what(el) + ' scrolls sideways (' + el.scrollWidth + ' px in a box of ' + el.clientWidth + ')');
      else if (style.overflowX === 'visible' && el.clientWidth > 0 && box.left + el.scrollWidth > width + 1)
        why.push(what(el) + ' holds content reaching ' + Math.round(box.left + el.scrollWidth) + ' px');
      if (box.right > width + 1)
        why.push(what(el) + ' reaches ' + Math.round(box.right) + ' px, past the frame of ' + width);
    }
    // Issue 62: card faces and goods a finger can find on a phone.
    let faces = '';
    if (width < 600) {
      const heights = [...doc.querySelectorAll('svg .face')].map(f => f.getBoundingClientRect().height);
      if (heights.length) {
        const smallest = Math.min(...heights);
        faces = ' faces ' + heights.length + ' smallest ' + smallest.toFixed(1);
        const small = heights.filter(h => h < 28).length;
        if (small) why.push(small + ' of ' + heights.length + ' faces under 28 px tall (smallest ' + smallest.toFixed(1) + ')');
      }
    }
    lines.push((why.length ? 'bad ' : 'ok ') + name + ' ' + width + faces + (why.length ? ': ' + [...new Set(why)].slice(0, 8).join('; ') : ''));
  }
  document.getElementById('results').textContent = lines.join('\\n');
});
"""


def gallery(out_file, pages):
    parts = ['<!DOCTYPE html><html><head><meta charset="utf-8"><style>body{margin:0}'
             'iframe{display:block;border:0;height:900px}</style></head><body>']
    for page in pages:
        text_only = page.startswith('text:')
        page = page[len('text:'):] if text_only else page
        with open(page, encoding='utf-8') as f:
            source = f.read()
        name = re.sub(r'.*/', '', page)
        for width in (390, 1280):
            # scrolling="no": a phone's scroll bar lies over the page and takes none of its width;
            # a frame's own bar would take 15 px of the 390 and shrink everything in it.
            parts.append(f'<iframe data-name="{html.escape(name)}" style="width:{width}px" '
                         'scrolling="no" ' + ('data-text-only="1" ' if text_only else '') +
                         f'srcdoc="{html.escape(source, quote=True)}"></iframe>')
    parts.append(f'<pre id="results">not run</pre><script>{GALLERY_SCRIPT}</script></body></html>')
    with open(out_file, 'w', encoding='utf-8') as f:
        f.write('\n'.join(parts))
    return 0


if __name__ == '__main__':
    command = sys.argv[1]
    if command == 'html':
        sys.exit(write_html(*sys.argv[2:5]))
    if command == 'link':
        sys.exit(reply_from_link(sys.argv[2]))
    if command == 'gallery':
        sys.exit(gallery(sys.argv[2], sys.argv[3:]))
    sys.exit(f'unknown command {command}')
