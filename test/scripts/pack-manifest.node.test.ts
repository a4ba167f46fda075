// The package.json `npm pack` ships (scripts/pack-manifest.mjs, run as prepack): what it drops and the
// `repository` it takes from the checkout's remote. The install lane packs a clone and installs the tarball.
import { describe, expect, it } from 'vitest';
import { packedManifest, repositoryOf } from '../../scripts/pack-manifest.mjs';

describe('packedManifest', () => {
  const manifest = {
    name: 'unigate-ai-provider',
    version: '0.1.0',
    scripts: {
      build: 'tsup',
      prepare: 'node scripts/build-if-stale.mjs',
      prepack: 'node scripts/pack-manifest.mjs strip',
    },
    dependencies: { '@ai-sdk/provider': '^3.0.19' },
    allowScripts: { esbuild: true },
  };

  it('drops `prepare` and `allowScripts` and keeps everything else in order', () => {
    const packed = packedManifest(manifest, undefined);
    expect(packed).toEqual({
      name: 'unigate-ai-provider',
      version: '0.1.0',
      scripts: { build: 'tsup', prepack: 'node scripts/pack-manifest.mjs strip' },
      dependencies: { '@ai-sdk/provider': '^3.0.19' },
    });
    expect(Object.keys(packed)).toEqual(['name', 'version', 'scripts', 'dependencies']);
  });

  it('adds `repository` from a network remote, and keeps one package.json already has', () => {
    expect(packedManifest(manifest, 'https://github.com/acme/unigate-ai-provider.git').repository).toEqual({
      type: 'git',
      url: 'git+https://github.com/acme/unigate-ai-provider.git',
    });
    const own = { type: 'git', url: 'git+https://example.org/own.git' };
    expect(packedManifest({ ...manifest, repository: own }, 'git@github.com:acme/other.git').repository).toBe(own);
    expect(packedManifest(manifest, '/work/main')).not.toHaveProperty('repository');
  });
});

describe('repositoryOf', () => {
  it.each([
    ['https://github.com/acme/unigate-ai-provider.git', 'git+https://github.com/acme/unigate-ai-provider.git'],
    // Credentials in a remote are the maintainer's, never the package's.
    ['https://ci:ghp_secret@git.example.org/team/repo.git', 'git+https://git.example.org/team/repo.git'],
    ['git@github.com:acme/repo.git', 'git+ssh://git@github.com/acme/repo.git'],
    ['ssh://git@git.example.org:2222/team/repo.git', 'git+ssh://git@git.example.org:2222/team/repo.git'],
    ['git://git.example.org/repo.git', 'git://git.example.org/repo.git'],
  ])('%s -> %s', (remote, url) => {
    expect(repositoryOf(remote)).toEqual({ type: 'git', url });
  });

  it.each(['/work/main', '../repo', 'file:///work/main', 'C:\\repos\\unigate', '', undefined])(
    'a local remote (%s) gives none: it means nothing to anyone else',
    remote => {
      expect(repositoryOf(remote)).toBeUndefined();
    },
  );
});
