import { expect, type Locator } from '@playwright/test';

/**
 * How many lines the text of the element takes on the screen: the distinct tops of its text's line
 * boxes, leaving out text kept for screen readers only (positioned out of the flow, `sr-only`).
 */
export function linesOf(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    const tops = new Set<number>();
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!node.textContent?.trim() || (parent && getComputedStyle(parent).position === 'absolute')) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of range.getClientRects()) if (rect.width > 0) tops.add(Math.round(rect.top));
    }
    return tops.size;
  });
}

/**
 * The width the text of an input takes (its value, or its placeholder while it is empty) and the width
 * it has inside its padding, measured in the input's own font: text wider than its room is cut.
 */
export function inputTextRoom(locator: Locator): Promise<{ text: string; textWidth: number; room: number }> {
  return locator.evaluate((element) => {
    const input = element as HTMLInputElement;
    const style = getComputedStyle(input);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    if ('fontVariantNumeric' in context)
      (context as unknown as { fontVariantNumeric: string }).fontVariantNumeric = style.fontVariantNumeric;
    const text = input.value || input.placeholder;
    return {
      text,
      textWidth: context.measureText(text).width,
      room: input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight),
    };
  });
}

/** Whether two elements' boxes on the screen overlap. */
export async function overlap(a: Locator, b: Locator): Promise<boolean> {
  const [boxA, boxB] = await Promise.all([a.boundingBox(), b.boundingBox()]);
  if (!boxA || !boxB) return false;
  return boxA.x < boxB.x + boxB.width && boxB.x < boxA.x + boxA.width && boxA.y < boxB.y + boxB.height && boxB.y < boxA.y + boxA.height;
}

/** How far the content of a box that scrolls sideways reaches past its right edge (0: all of it in view). */
export function hiddenToTheRight(locator: Locator): Promise<number> {
  return locator.evaluate((element) => Math.max(0, element.scrollWidth - element.scrollLeft - element.clientWidth));
}

/** The element's box once it has stopped moving (a toast sliding in, a panel opening). */
export async function settledBox(locator: Locator) {
  let last = '';
  await expect
    .poll(
      async () => {
        const box = JSON.stringify(await locator.boundingBox());
        const same = box === last && box !== 'null';
        last = box;
        return same;
      },
      { intervals: [150] },
    )
    .toBe(true);
  return (await locator.boundingBox())!;
}
