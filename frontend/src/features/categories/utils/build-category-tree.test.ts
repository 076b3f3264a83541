import { describe, expect, it } from 'vitest';

import type { Category } from '../types';

import { buildCategoryTree } from './build-category-tree';

const category = (id: string, name: string, parent: string | null): Category => ({
  _id: id,
  name,
  parent,
  fullPath: name,
  views: 0,
});

describe('buildCategoryTree', () => {
  it('nests categories under their parent and keeps the API order', () => {
    const tree = buildCategoryTree([
      category('1', 'Cases', null),
      category('3', 'Samsung', '1'),
      category('2', 'Chargers', null),
      category('4', 'iPhone', '1'),
      category('5', 'S24', '3'),
    ]);
    expect(tree.map((node) => node.category.name)).toEqual(['Cases', 'Chargers']);
    expect(tree[0]?.children.map((node) => node.category.name)).toEqual(['Samsung', 'iPhone']);
    expect(tree[0]?.children[0]?.children.map((node) => node.category.name)).toEqual(['S24']);
  });

  it('shows a category whose parent is unknown as a root', () => {
    const tree = buildCategoryTree([category('7', 'Orphan', '99')]);
    expect(tree.map((node) => node.category.name)).toEqual(['Orphan']);
  });
});
