// The jest-dom matchers (toBeInTheDocument...), for the tests and their types; the rest of the DOM
// setup is shared (infra/devstack/jest).
import '@testing-library/jest-dom';
