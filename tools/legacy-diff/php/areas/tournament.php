<?php
// One legacy `fight` (hwe/func_tournament.php) on two rows of the tournament table with their
// rank_data, PHP's generator seeded by the case (mt_srand), in the knockout stage so that no
// next pairing is announced. The fight log is kept here instead of in a file.
namespace sammo {
    require_once __DIR__ . '/../db.php';

    function eraseTnmtFightLog(int $group): void
    {
    }

    function pushTnmtFightLog(int $group, $log): void
    {
        $GLOBALS['tournamentFightLog'] = $log;
    }

    require_once LEGACY_ROOT . '/hwe/func_tournament.php';
    legacy_db_create();
}

namespace {
    use sammo\DB;
    use function sammo\{fight, legacy_db_case};

    function run_case(array $case): array
    {
        return legacy_db_case(fn () => run_fight($case));
    }

    function run_fight(array $case): array
    {
        $db = DB::db();
        $prefix = ['tt', 'tl', 'ts', 'ti'][$case['kind']];
        foreach ($case['fighters'] as $grpNo => $f) {
            $db->insert('tournament', [
                'no' => $f['no'], 'npc' => 0, 'name' => $f['name'], 'leadership' => $f['leadership'], 'strength' => $f['strength'],
                'intel' => $f['intel'], 'lvl' => $f['lvl'], 'grp' => 20, 'grp_no' => $grpNo,
                'h' => $f['items']['horse'] ?? 'None', 'w' => $f['items']['weapon'] ?? 'None', 'b' => $f['items']['book'] ?? 'None',
            ]);
            if ($f['no'] > 0) {
                foreach (['w', 'd', 'l', 'g'] as $k) {
                    $db->insert('rank_data', ['general_id' => $f['no'], 'type' => $prefix . $k, 'value' => $k === 'g' ? $f['points'] : 0]);
                }
            }
        }
        mt_srand($case['seed']);
        fight($case['kind'], 7, 0, 20, 0, 1, $case['mode'] === 'league' ? 0 : 1);

        $records = [];
        foreach ($case['fighters'] as $f) {
            if ($f['no'] <= 0) continue;
            $values = [];
            foreach ($db->query('SELECT type, value FROM rank_data WHERE general_id = %i', $f['no']) as $row) {
                $values[$row['type']] = (int)$row['value'];
            }
            $records[(string)$f['no']] = array_map(fn ($k) => $values[$prefix . $k], ['w', 'd', 'l', 'g']);
        }
        return [
            'lines' => array_map(fn ($line) => strip_tags($line), $GLOBALS['tournamentFightLog']),
            'rows' => array_map(fn ($row) => array_map('intval', $row), $db->query('SELECT win, draw, `lose`, gl FROM tournament WHERE grp = 20 ORDER BY grp_no')),
            'records' => $records,
        ];
    }
}
