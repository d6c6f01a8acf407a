// The CI workflow of each remote (.github/workflows/<remote>.yml) stays the small, obvious one: only
// its own folder (and what every build shares) starts it, it runs the same pipeline script the
// browser test runs locally, with that team's token only.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { repoRoot } from '@toolshop/settings/repo-root';
import { remoteNames } from '../src/config.mjs';
import { appFolders } from '../src/release.mjs';

for (const remote of remoteNames) {
  test(`the ${remote} workflow releases the ${remote} only, through the shared pipeline`, () => {
    const text = readFileSync(join(repoRoot, '.github/workflows', `${remote}.yml`), 'utf8');
    const paths = [...text.matchAll(/^\s+- '([^']+)'$/gm)].map(([, path]) => path ?? '');
    assert.ok(paths.includes(`${appFolders[remote]}/**`));
    for (const other of remoteNames.filter((name) => name !== remote)) {
      assert.ok(
        !paths.some((path) => path.startsWith(appFolders[other])),
        `${remote}.yml must not start on ${other} changes`,
      );
      assert.ok(
        !text.includes(`REGISTRY_TOKEN_${other.toUpperCase()}`),
        `${remote}.yml must not hold the ${other} token`,
      );
    }
    assert.match(text, new RegExp(`run: node infra/registry/src/pipeline\\.mjs ${remote} `));
    assert.match(
      text,
      new RegExp(
        `REGISTRY_TOKEN: \\$\\{\\{ secrets\\.REGISTRY_TOKEN_${remote.toUpperCase()} \\}\\}`,
      ),
    );
    // The smoke gate runs in the pipeline, against the composed shop (SHELL_URL)
    assert.match(text, /SHELL_URL: \$\{\{ vars\.SHELL_URL \}\}/);
    assert.match(text, /CHROMIUM_PATH: \/usr\/bin\/google-chrome/);
    assert.doesNotMatch(text, /--skip-smoke/);
    // A pull request gets a preview link (released, smoke-checked, not activated)
    assert.match(text, /^ {2}pull_request:\n {4}paths:\n/m);
    assert.match(text, /^ {2}release:\n {4}if: github\.event_name != 'pull_request'\n/m);
    assert.match(
      text,
      new RegExp(`run: node infra/registry/src/pipeline\\.mjs ${remote} --preview\\n`),
    );
    assert.match(text, /PREVIEW_SIGNING_KEY: \$\{\{ secrets\.PREVIEW_SIGNING_KEY \}\}/);
    assert.match(
      text,
      /run: gh pr comment "\$\{\{ github\.event\.pull_request\.number \}\}" --body-file/,
    );
    assert.match(text, /pull-requests: write/);
  });
}
