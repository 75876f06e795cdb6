import { test, expect } from '@playwright/test';
import { openLesson } from './helpers';

// Issue 13 point 3: the page prints D3D12 names (states, formats, SetName names), never a raw enum number or an
// unfilled {placeholder}, and names the method once.
for (const lang of ['en', 'zh'] as const) {
  test(`lesson 14 missing-barrier (${lang}): the message names the texture and its states; no raw numbers on the page`, async ({
    page,
  }) => {
    await openLesson(page, '14-texture-states', `bugs=missing-barrier&debug=1&lang=${lang}`);
    const msg = page.getByTestId('message-list').locator('[data-message-id="INVALID_SUBRESOURCE_STATE"]').first();
    await expect(msg).toContainText(/'\w+' \(#\d+\)/);
    await expect(msg).toContainText('COPY_DEST');
    await expect(msg).toContainText('PIXEL_SHADER_RESOURCE');
    await expect(msg).not.toContainText('SetGraphicsRootDescriptorTable: SetGraphicsRootDescriptorTable');
    const notes = page.getByTestId('canvas-notes');
    await expect(notes).not.toContainText(/state 0x|state=\d|expected=\d/);
    const text = await page.locator('main').innerText();
    expect(text).not.toMatch(/\{[a-zA-Z]+\}/);
  });

  test(`lesson 15 srv-in-rtv-heap (${lang}): the descriptor message says where the handle points`, async ({ page }) => {
    await openLesson(page, '15-srv-heap', `bugs=srv-in-rtv-heap&debug=1&lang=${lang}`);
    const msgs = page.getByTestId('message-list').locator('[data-message-id="INVALID_DESCRIPTOR_HANDLE"]');
    // at CreateShaderResourceView the handle is a pointer; at SetGraphicsRootDescriptorTable, a heap slot
    await expect(msgs.first()).toContainText(/0x[0-9a-f]+/);
    await expect(msgs.last()).toContainText(/#\d+\)? slot \d/);
    for (const t of await msgs.allInnerTexts()) expect(t).not.toMatch(/\{\w+\}/);
  });
}

test('lesson 04 no-present-barrier: Present needs PRESENT (the hint and the message agree)', async ({ page }) => {
  await openLesson(page, '04-clear', 'bugs=no-present-barrier&debug=1');
  const msg = page.getByTestId('message-list').locator('[data-message-id="INVALID_SUBRESOURCE_STATE"]').first();
  await expect(msg).toContainText('needs PRESENT');
  await expect(msg).not.toContainText('needs COMMON');
});

test('lesson 24 use-after-release: the removal is reported against the device, not the Win32 wait', async ({
  page,
}) => {
  await openLesson(page, '24-dred', 'bugs=use-after-release&debug=1');
  const msg = page.getByTestId('message-list').locator('[data-message-id="DEVICE_REMOVAL_PROCESS_AT_FAULT"]').first();
  await expect(msg).toContainText(
    'ID3D12Device::RemoveDevice: Device removal has been triggered for the following reason (DXGI_ERROR_DEVICE_HUNG)',
  );
  await expect(msg).not.toContainText('WaitForSingleObject');
});
