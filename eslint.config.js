// ESLint's flat config (`make lint`): the site's browser modules, the tests that run them
// under Node, and this file. Versions: package.json.
import js from "@eslint/js";
import globals from "globals";

export default [
  {ignores: ["node_modules/", "site/", "build/", ".venv/", "mutants/", "docs/assets/", "docs-zh/"]},
  js.configs.recommended,
  {
    files: ["docs/javascripts/**/*.js"],
    languageOptions: {sourceType: "module", globals: globals.browser},
  },
  {
    files: ["tests/**/*.mjs", "eslint.config.js"],
    languageOptions: {sourceType: "module", globals: globals.node},
  },
  {
    rules: {
      "no-unused-vars": ["error", {args: "after-used", caughtErrors: "none"}],
      eqeqeq: "error",
      "prefer-const": "error",
      "no-var": "error",
    },
  },
];
