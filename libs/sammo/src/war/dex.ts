/** Legacy `getDexLevelList` thresholds: F- at 0 … EX+ at 1,275,975. */
const DEX_LEVELS: readonly number[] = [
  0, 350, 1375, 3500, 7125, 12650, 20475, 31000, 44625, 61750, 82775, 108100, 138125, 173250,
  213875, 260400, 313225, 372750, 439375, 513500, 595525, 685850, 784875, 893000, 1010625,
  1138150, 1275975,
];

/** Legacy `getDexLevel`: the index of the last threshold the dex reaches (0 for negatives). */
export function dexLevel(dex: number): number {
  if (dex < 0) return 0;
  let level = 0;
  for (let i = 0; i < DEX_LEVELS.length; i++) {
    if (dex < DEX_LEVELS[i]!) break;
    level = i;
  }
  return level;
}
