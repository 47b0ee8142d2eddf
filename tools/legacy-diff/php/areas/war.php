<?php
// A whole legacy `processWar` on MariaDB with the legacy schema: the battle on the seed
// che_출병 derives, its aftermath (the defender's rice, the dead of both cities, tech, the
// diplomacy dead counts) and `ConquerCity` (destruction, 긴급천도, fronts, the NPCs' joining),
// for the rows of the case on the che map. What the rows are after it is the answer.
use sammo\{CityConst, DB, General, KVStorage, LiteHashDRBG, UniqueConst, Util};
use sammo\Enums\RankColumn;
use function sammo\{legacy_db_case, legacy_db_create, processWar, refreshNationStaticInfo};

require_once __DIR__ . '/../db.php';
require_once __DIR__ . '/../plates-stub.php';
require_once LEGACY_ROOT . '/hwe/func.php';

legacy_db_create();

const WAR_GENERAL_COLUMNS = ['nation', 'city', 'officer_level', 'officer_city', 'crew', 'rice', 'gold', 'train', 'atmos', 'experience', 'explevel', 'dedication', 'dedlevel', 'injury', 'dex1', 'dex2', 'dex3', 'dex4', 'dex5', 'leadership_exp', 'strength_exp', 'intel_exp', 'belong', 'troop'];

function war_general_row(array $g): array
{
    return [
        'no' => $g['id'], 'name' => $g['name'], 'picture' => 'default.jpg', 'npc' => $g['npc'], 'nation' => $g['nation'], 'city' => $g['city'],
        'officer_level' => $g['officerLevel'], 'officer_city' => $g['officerCity'],
        'leadership' => $g['leadership'], 'strength' => $g['strength'], 'intel' => $g['intel'],
        'leadership_exp' => $g['leadershipExp'], 'strength_exp' => $g['strengthExp'], 'intel_exp' => $g['intelExp'],
        'injury' => $g['injury'], 'experience' => $g['experience'], 'dedication' => $g['dedication'],
        'explevel' => $g['explevel'], 'dedlevel' => $g['dedlevel'], 'belong' => $g['belong'],
        'gold' => $g['gold'], 'rice' => $g['rice'], 'crew' => $g['crew'], 'crewtype' => $g['crewtype'],
        'train' => $g['train'], 'atmos' => $g['atmos'], 'defence_train' => $g['defenceTrain'],
        'dex1' => $g['dex'][1], 'dex2' => $g['dex'][2], 'dex3' => $g['dex'][3], 'dex4' => $g['dex'][4], 'dex5' => $g['dex'][5],
        'special' => $g['special'] ?? 'None', 'special2' => $g['specialWar'] ?? 'None', 'personal' => $g['personal'] ?? 'None',
        'turntime' => '2026-01-01 01:00:00', 'killturn' => 100,
    ];
}

function run_case(array $case): array
{
    return legacy_db_case(fn () => run_war($case));
}

function run_war(array $case): array
{
    $db = DB::db();
    UniqueConst::$hiddenSeed = $case['tableSeed'];
    [$year, $month, $startYear] = [$case['year'], $case['month'], $case['startyear']];
    $gameStor = KVStorage::getStorage($db, 'game_env');
    foreach (['startyear' => $startYear, 'year' => $year, 'month' => $month, 'join_mode' => 'full', 'turnterm' => 60, 'develcost' => 20] as $k => $v) {
        $gameStor->setValue($k, $v);
    }

    $owned = [];
    foreach ($case['cities'] as $c) $owned[$c['id']] = $c;
    $rows = [];
    foreach (CityConst::all() as $city) {
        $c = $owned[$city->id] ?? null;
        $rows[] = [
            'city' => $city->id, 'name' => $city->name, 'level' => $city->level, 'region' => $city->region, 'nation' => $c['nation'] ?? 0,
            'supply' => $c['supply'] ?? 1, 'front' => 0, 'pop' => $c['pop'] ?? $city->population, 'pop_max' => $city->population,
            'agri' => $c['agri'] ?? 0, 'agri_max' => $city->agriculture, 'comm' => $c['comm'] ?? 0, 'comm_max' => $city->commerce,
            'secu' => $c['secu'] ?? 0, 'secu_max' => $city->security, 'trust' => $c['trust'] ?? 50,
            'def' => $c['def'] ?? $city->defence, 'def_max' => $city->defence, 'wall' => $c['wall'] ?? $city->wall, 'wall_max' => $city->wall,
        ];
    }
    $db->insert('city', $rows);
    $nations = array_values(array_filter([$case['attackerNation'], $case['defenderNation']]));
    foreach ($nations as $n) {
        $db->insert('nation', [
            'nation' => $n['id'], 'name' => $n['name'], 'color' => '#000000', 'capital' => $n['capital'], 'level' => $n['level'],
            'tech' => $n['tech'], 'gold' => $n['gold'], 'rice' => $n['rice'], 'type' => $n['type'], 'gennum' => $n['gennum'],
        ]);
    }
    if (count($nations) === 2) {
        $db->insert('diplomacy', ['me' => 1, 'you' => 2, 'state' => 0, 'term' => 0]);
        $db->insert('diplomacy', ['me' => 2, 'you' => 1, 'state' => 0, 'term' => 0]);
    }
    foreach ($case['generals'] as $g) {
        $db->insert('general', war_general_row($g));
        $db->insert('rank_data', array_map(fn ($column) => ['general_id' => $g['id'], 'nation_id' => $g['nation'], 'type' => $column->value, 'value' => 0], RankColumn::cases()));
        // Every general has its 30 reserved turns, resting.
        $db->insert('general_turn', array_map(fn ($i) => ['general_id' => $g['id'], 'turn_idx' => $i, 'action' => '휴식', 'arg' => '{}', 'brief' => '휴식'], range(0, 29)));
    }
    refreshNationStaticInfo();

    // che_출병: the battle's seed from the table seed, then processWar.
    $attacker = General::createObjFromDB($case['generals'][0]['id']);
    // A command's general carries its city's row (BaseCommand::setCity).
    $attacker->setRawCity($db->queryFirstRow('SELECT * FROM city WHERE city = %i', $attacker->getCityID()));
    $warRng = new LiteHashDRBG(Util::simpleSerialize(UniqueConst::$hiddenSeed, 'war', $year, $month, $attacker->getID(), $case['target']));
    $warSeed = bin2hex($warRng->nextBytes(16));
    $rawNation = $db->queryFirstRow('SELECT * FROM nation WHERE nation = %i', $attacker->getNationID());
    $target = $db->queryFirstRow('SELECT * FROM city WHERE city = %i', $case['target']);
    processWar($warSeed, $attacker, $rawNation, $target);

    $generals = [];
    foreach ($db->query('SELECT %l FROM general ORDER BY no', Util::formatListOfBackticks(array_merge(['no'], WAR_GENERAL_COLUMNS))) as $row) {
        $turns = $db->queryAllLists('SELECT turn_idx, action, arg FROM general_turn WHERE general_id = %i AND action != %s ORDER BY turn_idx', $row['no'], '휴식');
        $generals[] = ['id' => $row['no']] + array_intersect_key($row, array_flip(WAR_GENERAL_COLUMNS)) + ['queue' => array_map(fn ($t) => [$t[0], $t[1], json_decode($t[2], true) ?: null], $turns)];
    }
    $cityIds = array_unique(array_merge(array_keys($owned), [$case['target'], $case['attackerCity']]));
    sort($cityIds);
    $cities = [];
    foreach ($db->query('SELECT city, nation, supply, front, def, wall, agri, comm, secu, dead, conflict FROM city WHERE city IN %li ORDER BY city', $cityIds) as $row) {
        $conflict = json_decode($row['conflict'], true) ?: [];
        $row['conflict'] = array_map(null, array_keys($conflict), array_values($conflict));
        $cities[] = $row;
    }
    return [
        'generals' => $generals,
        'cities' => $cities,
        'nations' => $db->query('SELECT nation, capital, gold, rice, tech FROM nation ORDER BY nation'),
        'diplomacy' => $db->query('SELECT me, you, dead FROM diplomacy ORDER BY me, you'),
    ];
}
