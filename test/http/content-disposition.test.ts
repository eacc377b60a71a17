import t from 'tap';

import { attachment } from '../../src/http/content-disposition.js';

t.test('a plain ASCII name is the quoted filename', async (t) => {
  t.equal(attachment('brand-kit.zip'), 'attachment; filename="brand-kit.zip"');
});

t.test('any other name gets an ASCII fallback in filename and the exact name in filename* (UTF-8)', async (t) => {
  t.equal(
    attachment('Crème brûlée.zip'),
    `attachment; filename="Cr_me br_l_e.zip"; filename*=UTF-8''Cr%C3%A8me%20br%C3%BBl%C3%A9e.zip`,
  );
  t.equal(attachment('東京.zip'), `attachment; filename="__.zip"; filename*=UTF-8''%E6%9D%B1%E4%BA%AC.zip`);
  t.equal(
    attachment('say "hi"; 100%.zip'),
    `attachment; filename="say _hi_; 100_.zip"; filename*=UTF-8''say%20%22hi%22%3B%20100%25.zip`,
    'quotes and percent signs stay out of filename, and nothing ends the parameter early',
  );
});
