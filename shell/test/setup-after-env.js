require('@testing-library/jest-dom');
jest.setTimeout(30000); // antd forms typed field by field are slow in jsdom (testTimeout is global-only under projects)
