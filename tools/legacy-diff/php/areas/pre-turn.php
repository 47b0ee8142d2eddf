<?php
// A general's pre-turn triggers (TurnExecutionHelper::preprocessCommand) on the rows of the
// case (src/pre-turn-area.ts), on the `preprocess` stream the turn seeds, then the rows read back.
use sammo\{DB, General, KVStorage, LiteHashDRBG, RandUtil, TurnExecutionHelper, UniqueConst, Util};
use function sammo\{legacy_db_case, legacy_db_create};

require_once __DIR__ . '/../fixtures.php';
require_once LEGACY_ROOT . '/hwe/func.php';

legacy_db_create();

function run_case(array $case): array
{
    return legacy_db_case(function () use ($case) {
        $db = DB::db();
        UniqueConst::$hiddenSeed = $case['tableSeed'];
        fixture_insert($case);
        $env = KVStorage::getStorage($db, 'game_env')->getAll();
        $general = General::createObjFromDB(1);
        $turn = new TurnExecutionHelper($general);
        $rng = new RandUtil(new LiteHashDRBG(Util::simpleSerialize(UniqueConst::$hiddenSeed, 'preprocess', $case['year'], $case['month'], 1)));
        $turn->preprocessCommand($rng, $env);
        $turn->applyDB();
        return [
            'generals' => array_map(function (array $row) {
                $remain = json_decode($row['aux'] ?: '{}', true)['remain환약'] ?? null;
                unset($row['aux']);
                return $row + ['remain' => $remain];
            }, fixture_general_rows(['item', 'aux'])),
            'pop' => $db->queryFirstField('SELECT pop FROM city WHERE city = %i', $general->getCityID()),
        ];
    });
}
