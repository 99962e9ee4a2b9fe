/**
 * What counts as "another dialog" for a window that opens by itself (decision 0077): any MUI modal
 * still on screen (dialogs, the side menu's drawer, an open select or menu — a closed one kept
 * mounted carries MuiModal-hidden), and any non-modal dialog or alert dialog such as the
 * notifications panel. Read from the page itself, so a dialog of any feature counts without
 * registering anywhere.
 */
const OPEN_DIALOG = '.MuiModal-root:not(.MuiModal-hidden), [role="dialog"], [role="alertdialog"]';

export function anyDialogOpen(doc: Document = document): boolean {
  return doc.querySelector(OPEN_DIALOG) !== null;
}

/**
 * Calls `onChange` whenever the page's elements come, go or change class (a modal leaving, a panel
 * closing); returns the stop function. Only a waiting window watches, and only while it waits.
 */
export function watchDialogs(onChange: () => void, doc: Document = document): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(doc.body, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['class', 'role'],
  });
  return () => observer.disconnect();
}
