<?php
// Legacy RaiseInvader, AutoDeleteInvader and InvaderEnding (the event game after unification)
// on MariaDB with the legacy schema, for the case's world on the che map. PHP's global
// generator (which RaiseInvader's shuffle of a 무장's dexterity draws from) is seeded by the case.
use sammo\{DB, KVStorage, UniqueConst};
use sammo\Event\Action\{AutoDeleteInvader, InvaderEnding, RaiseInvader};
use function sammo\{legacy_db_case, legacy_db_create, legacy_db_reset_ids, refreshNationStaticInfo};

require_once __DIR__ . '/../fixtures.php';
require_once __DIR__ . '/../plates-stub.php';
require_once LEGACY_ROOT . '/hwe/func.php';

legacy_db_create();

/**
 * The made generals' columns, the first turn last (to the ms). RaiseInvader's builder leaves the
 * speciality ages unset, which the nullable columns keep as NULL: read as 0, libs/sammo's.
 */
const INVADER_GENERAL_COLUMNS = 'no, name, nation, city, officer_level, npc, leadership, strength, intel, affinity, personal, special, special2, COALESCE(specage, 0), COALESCE(specage2, 0), bornyear, deadyear, age, killturn, gold, rice, experience, dedication, dex1, dex2, dex3, dex4, dex5, turntime';
const INVADER_NATION_COLUMNS = 'nation, name, color, capital, gold, rice, bill, rate, rate_tmp, tech, level, type, gennum, strategic_cmd_limit, surlimit, war, scout, aux';
const INVADER_TURNTIME = '2026-01-01 00:00:00';

function run_case(array $case): array
{
    try {
        return legacy_db_case(fn () => run_invader_step($case));
    } finally {
        legacy_db_reset_ids();
        DB::db()->query('ALTER TABLE `event` AUTO_INCREMENT = 1');
    }
}

/** The world history lines written, their tags and date prefix dropped. */
function invader_history(): array
{
    $lines = DB::db()->queryFirstColumn('SELECT text FROM world_history ORDER BY id');
    return array_map(fn ($t) => preg_replace('/】\s+/u', '】', preg_replace('/^●\d+년 \d+월:/u', '', strip_tags($t))), $lines);
}

function run_invader_step(array $case): array
{
    $db = DB::db();
    UniqueConst::$hiddenSeed = $case['tableSeed'];
    fixture_insert($case);
    $gameStor = KVStorage::getStorage($db, 'game_env');
    $gameStor->setValue('turntime', INVADER_TURNTIME);
    $gameStor->setValue('isunited', $case['isunited']);
    $gameStor->setValue('refreshLimit', $case['refreshLimit']);
    if ($case['oldNation'] > 0) $db->insert('ng_old_nations', ['server_id' => UniqueConst::$serverID, 'nation' => $case['oldNation'], 'data' => '{}']);
    // getNationStaticInfo keeps the nations in a static cache, which a rollback does not reach.
    refreshNationStaticInfo();
    $env = $gameStor->getAll();
    $env = ['startyear' => $case['startyear'], 'year' => $case['year'], 'month' => $case['month'], 'turnterm' => $case['turnterm'] ?? 60, 'turntime' => INVADER_TURNTIME, 'fiction' => 0, 'show_img_level' => 0] + $env;

    if ($case['step'] === 'autoDelete') {
        $db->insert('event', ['target' => 'month', 'priority' => 1000, 'condition' => 'true', 'action' => json_encode([['AutoDeleteInvader', $case['nation']]])]);
        (new AutoDeleteInvader($case['nation']))->run(['currentEventID' => $db->insertId()] + $env);
        return [
            'turns' => $db->queryAllLists('SELECT general_id, turn_idx, action FROM general_turn WHERE action != %s ORDER BY general_id, turn_idx', '휴식'),
            'events' => (int)$db->queryFirstField('SELECT count(*) FROM event'),
        ];
    }
    if ($case['step'] === 'ending') {
        $db->insert('event', ['target' => 'month', 'priority' => 1000, 'condition' => 'true', 'action' => json_encode([['InvaderEnding']])]);
        (new InvaderEnding())->run(['currentEventID' => $db->insertId()] + $env);
        KVStorage::getStorage($db, 'game_env')->resetCache();
        return [
            'isunited' => (int)$gameStor->isunited, 'refreshLimit' => (int)$gameStor->refreshLimit,
            'events' => (int)$db->queryFirstField('SELECT count(*) FROM event'), 'history' => invader_history(),
        ];
    }

    mt_srand($case['mtSeed']);
    $raised = (new RaiseInvader(...$case['strength']))->run($env)[1];
    $gameStor->resetCache();
    $lastGeneral = max([0, ...array_column($case['generals'], 'id')]);
    $made = $db->queryAllLists('SELECT ' . INVADER_GENERAL_COLUMNS . ' FROM general WHERE no > %i ORDER BY no', $lastGeneral);
    foreach ($made as &$row) $row[count($row) - 1] = substr($row[count($row) - 1], 0, 23);
    unset($row);
    if ($case['step'] === 'term') {
        // A thousand generals and more: their count, the first and last few, and what the new term moved.
        $turns = $db->queryAllLists('SELECT no, turntime FROM general WHERE no <= %i ORDER BY no', $lastGeneral);
        foreach ($turns as &$t) $t[1] = substr($t[1], 0, 23);
        unset($t);
        return [
            'raised' => $raised, 'isunited' => (int)$gameStor->isunited, 'turnterm' => (int)$gameStor->turnterm, 'starttime' => substr($gameStor->starttime, 0, 19),
            'turns' => $turns, 'made' => count($made), 'first' => array_slice($made, 0, 3), 'last' => array_slice($made, -3), 'history' => invader_history(),
        ];
    }
    $nations = $db->queryAllLists('SELECT ' . INVADER_NATION_COLUMNS . ' FROM nation ORDER BY nation');
    foreach ($nations as &$n) $n[count($n) - 1] = (object)(json_decode($n[count($n) - 1], true) ?: []);
    unset($n);
    return [
        'raised' => $raised, 'isunited' => (int)$gameStor->isunited, 'turnterm' => (int)$gameStor->turnterm,
        'generals' => $db->queryAllLists('SELECT no, nation, city, officer_level, officer_city, gold, rice FROM general WHERE no <= %i ORDER BY no', $lastGeneral),
        'made' => $made,
        'nations' => $nations,
        'chiefTurns' => $db->queryAllLists('SELECT nation_id, officer_level, count(*) FROM nation_turn WHERE nation_id > %i GROUP BY nation_id, officer_level ORDER BY nation_id, officer_level', max(array_column($case['nations'], 'id'))),
        'cities' => $db->queryAllLists('SELECT city, nation, front, supply, pop, pop_max, agri, comm, secu, def, def_max, wall, wall_max FROM city WHERE level = 4 ORDER BY city'),
        'filled' => (int)$db->queryFirstField('SELECT count(*) FROM city WHERE pop = pop_max AND agri = agri_max AND comm = comm_max AND secu = secu_max'),
        'diplomacy' => $db->queryAllLists('SELECT me, you, state, term FROM diplomacy ORDER BY me, you'),
        'events' => array_map(fn ($e) => [$e[0], $e[1], json_decode($e[2]), json_decode($e[3])], $db->queryAllLists('SELECT target, priority, `condition`, action FROM event ORDER BY id')),
        'history' => invader_history(),
    ];
}
