// The jest-dom matchers (toBeInTheDocument...), for the tests and their types; the rest of the DOM
// setup is shared (jest/ at the repository root).
import '@testing-library/jest-dom';

// Forms keep drafts for the tab (lib/tab-draft.ts): each test starts with an empty tab.
beforeEach(() => sessionStorage.clear());
