import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DOC, differences, importsOfCode, partsOfCode, readPicture, redraw, ROOT } from '../../scripts/architecture-picture';

/**
 * Holds the picture of docs/ARCHITECTURE.md ("Layers and who depends on whom") to the code: every
 * folder of src/server is a part in a layer, and every import between parts is an arrow (but those
 * out of the entry layer and into the infrastructure), dotted when it goes up a layer. After moving
 * code, `npx tsx scripts/architecture-picture.ts` draws the picture again.
 */
const markdown = readFileSync(path.join(ROOT, DOC), 'utf8');

describe('the picture of docs/ARCHITECTURE.md', () => {
  it('shows every part of src/server in a layer and every import between parts as an arrow', () => {
    const problems = differences(readPicture(markdown), partsOfCode(), importsOfCode());
    expect(problems, `${problems.join('\n')}\n(or run: npx tsx scripts/architecture-picture.ts)`).toEqual([]);
  });

  it('says which arrow or part to add or remove, and draws the picture again from the code', () => {
    const picture = readPicture(
      [
        '```mermaid',
        'flowchart TB',
        '  subgraph entry_layer ["Entry"]',
        '    http',
        '  end',
        '  subgraph buying_layer ["Orders"]',
        '    orders',
        '    gone',
        '  end',
        '  subgraph identity_layer ["Identity"]',
        '    auth',
        '  end',
        '  subgraph infrastructure_layer ["Infrastructure"]',
        '    db',
        '  end',
        '  orders --> auth',
        '  auth --> orders',
        '```',
      ].join('\n'),
    );
    const imports = new Map([
      ['http -> orders', 'src/server/http/app.ts'],
      ['orders -> db', 'src/server/modules/orders/orders.repo.ts'],
      ['auth -> orders', 'src/server/modules/auth/scratch.ts'],
      ['orders -> vendors', 'src/server/modules/orders/orders.vendor.routes.ts'],
    ]);
    const parts = ['http', 'orders', 'auth', 'db', 'vendors', 'fulfilment', 'flows'];
    expect(differences(picture, parts, imports)).toEqual([
      expect.stringContaining('the part `vendors`'),
      expect.stringContaining('the part `fulfilment`'),
      expect.stringContaining('the part `flows`'),
      'The picture has the part `gone`, which is no longer a folder of src/server: remove it.',
      expect.stringMatching(/^Draw `auth -\.-> orders`, not `auth --> orders`: it goes up a layer/),
      expect.stringMatching(/^The code has the edge `orders --> vendors` \(src\/server\/modules\/orders\/orders\.vendor\.routes\.ts\)/),
      'The picture has the edge `orders --> auth` that the code lacks: remove it.',
    ]);
    const again = redraw(picture, parts, imports);
    expect(again).toContain('  subgraph entry_layer ["Entry"]\n    http\n  end\n  subgraph flows_layer [');
    expect(again).toContain('  subgraph buying_layer ["Orders"]\n    orders\n    fulfilment\n  end');
    expect(again).toContain('  subgraph unplaced_layer ["Not placed yet: move each to its layer"]\n    vendors\n  end');
    expect(again).not.toContain('gone');
    expect(again.split('\n').filter((l) => l.includes('->'))).toEqual(['  auth -.-> orders', '  orders --> vendors']);
    expect(differences(readPicture(`\`\`\`mermaid\n${again}\`\`\``), parts, imports)).toEqual([]);
  });
});
