<?php
// Legacy RaiseNPCNation (the 공백지 scenarios' event) on MariaDB with the legacy schema, for
// the case's world on the che map: the nations, generals, cities and diplomacy after it.
// PHP's global generator (which its city shuffle draws from) is seeded by the case.
use sammo\{DB, KVStorage, UniqueConst};
use sammo\Event\Action\RaiseNPCNation;
use function sammo\{legacy_db_case, legacy_db_create, legacy_db_reset_ids, refreshNationStaticInfo};

require_once __DIR__ . '/../fixtures.php';
require_once __DIR__ . '/../plates-stub.php';
require_once LEGACY_ROOT . '/hwe/func.php';

legacy_db_create();

/**
 * The made generals' columns, the first turn last (to the ms); what GeneralBuilder writes alike
 * for every general of a fill (no speciality or dexterity, the levels) the command areas compare.
 */
const NPC_EVENT_GENERAL_COLUMNS = 'no, name, nation, city, officer_level, npc, leadership, strength, intel, affinity, personal, specage, specage2, bornyear, deadyear, age, killturn, gold, rice, experience, dedication, turntime';
/** The raised nations' columns, aux last. */
const NPC_EVENT_NATION_COLUMNS = 'nation, name, color, capital, gold, rice, bill, rate, rate_tmp, tech, level, type, gennum, strategic_cmd_limit, surlimit, aux';

function run_case(array $case): array
{
    try {
        return legacy_db_case(fn () => run_npc_event($case));
    } finally {
        legacy_db_reset_ids();
    }
}

function run_npc_event(array $case): array
{
    $db = DB::db();
    UniqueConst::$hiddenSeed = $case['tableSeed'];
    fixture_insert($case);
    $turntime = '2026-01-01 00:00:00';
    KVStorage::getStorage($db, 'game_env')->setValue('turntime', $turntime);
    // getNationStaticInfo keeps the nations in a static cache, which a rollback does not reach.
    refreshNationStaticInfo();
    $env = ['startyear' => $case['startyear'], 'year' => $case['year'], 'month' => $case['month'], 'turnterm' => 60, 'turntime' => $turntime, 'fiction' => 0, 'show_img_level' => 0];
    mt_srand($case['mtSeed']);
    (new RaiseNPCNation())->run($env);

    // What the event made, as lists (a case raises up to twenty nations of a dozen generals):
    // the generals after the case's, the nations after the case's with their chief turns, their
    // capitals, and the diplomacy rows they are in (counted by state and term).
    $lastGeneral = max([0, ...array_column($case['generals'], 'id')]);
    $lastNation = max([0, ...array_column($case['nations'], 'id')]);
    $generals = $db->queryAllLists('SELECT ' . NPC_EVENT_GENERAL_COLUMNS . ' FROM general WHERE no > %i ORDER BY no', $lastGeneral);
    foreach ($generals as &$row) $row[count($row) - 1] = substr($row[count($row) - 1], 0, 23);
    unset($row);
    $nations = $db->queryAllLists('SELECT ' . NPC_EVENT_NATION_COLUMNS . ' FROM nation WHERE nation > %i ORDER BY nation', $lastNation);
    foreach ($nations as &$n) $n[count($n) - 1] = (object)(json_decode($n[count($n) - 1], true) ?: []);
    unset($n);
    return [
        'generalCount' => (int)$db->queryFirstField('SELECT count(*) FROM general'),
        'generals' => $generals,
        'nations' => $nations,
        'chiefTurns' => $db->queryAllLists('SELECT nation_id, officer_level, count(*) FROM nation_turn GROUP BY nation_id, officer_level ORDER BY nation_id, officer_level'),
        'cities' => $db->queryAllLists('SELECT city, nation, pop, agri, comm, secu, def, wall, trust FROM city WHERE nation > %i ORDER BY city', $lastNation),
        'diplomacy' => $db->queryAllLists('SELECT state, term, count(*) FROM diplomacy WHERE me > %i OR you > %i GROUP BY state, term ORDER BY state, term', $lastNation, $lastNation),
    ];
}
