describe('formatDollars', () => {
  it('writes whole dollars with thousands separators', async () => {
    const { formatDollars } = await import('./money');
    expect(formatDollars(1250)).toBe('$1,250');
    expect(formatDollars(0)).toBe('$0');
  });

  it('builds its formatter on first use, not when the module loads (issue 14: the locale data costs the page)', async () => {
    const made = jest.spyOn(Intl, 'NumberFormat');
    try {
      await jest.isolateModulesAsync(async () => {
        const { formatDollars } = await import('./money');
        expect(made).not.toHaveBeenCalled();
        formatDollars(5);
        formatDollars(7);
      });
      expect(made).toHaveBeenCalledTimes(1);
    } finally {
      made.mockRestore();
    }
  });
});
