<?php
// A whole legacy `processWar` on MariaDB with the legacy schema: the battle on the seed
// che_출병 derives, its aftermath (the defender's rice, the dead of both cities, tech, the
// diplomacy dead counts) and `ConquerCity` (destruction, 긴급천도, fronts, the NPCs' joining),
// for the rows of the case on the che map. What the rows are after it is the answer.
use sammo\{DB, General, LiteHashDRBG, UniqueConst, Util};
use function sammo\{legacy_db_case, legacy_db_create, processWar};

require_once __DIR__ . '/../fixtures.php';
require_once __DIR__ . '/../plates-stub.php';
require_once LEGACY_ROOT . '/hwe/func.php';

legacy_db_create();

function run_case(array $case): array
{
    return legacy_db_case(fn () => run_war($case));
}

function run_war(array $case): array
{
    $db = DB::db();
    UniqueConst::$hiddenSeed = $case['tableSeed'];
    [$year, $month] = [$case['year'], $case['month']];
    $nations = array_values(array_filter([$case['attackerNation'], $case['defenderNation']]));
    fixture_insert($case + [
        'nations' => $nations,
        'diplomacy' => count($nations) === 2 ? [['me' => 1, 'you' => 2, 'state' => 0, 'term' => 0], ['me' => 2, 'you' => 1, 'state' => 0, 'term' => 0]] : [],
    ]);

    // che_출병: the battle's seed from the table seed, then processWar.
    $attacker = General::createObjFromDB($case['generals'][0]['id']);
    // A command's general carries its city's row (BaseCommand::setCity).
    $attacker->setRawCity($db->queryFirstRow('SELECT * FROM city WHERE city = %i', $attacker->getCityID()));
    $warRng = new LiteHashDRBG(Util::simpleSerialize(UniqueConst::$hiddenSeed, 'war', $year, $month, $attacker->getID(), $case['target']));
    $warSeed = bin2hex($warRng->nextBytes(16));
    $rawNation = $db->queryFirstRow('SELECT * FROM nation WHERE nation = %i', $attacker->getNationID());
    $target = $db->queryFirstRow('SELECT * FROM city WHERE city = %i', $case['target']);
    processWar($warSeed, $attacker, $rawNation, $target);

    $generals = array_map(fn ($g) => ['recent_war' => fixture_recent_war_offset($g['recent_war'])] + $g, fixture_general_rows(['recent_war', 'horse', 'weapon', 'book', 'item']));
    $cityIds = array_unique(array_merge(array_column($case['cities'], 'id'), [$case['target'], $case['attackerCity']]));
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
        'scoutLetters' => array_map(
            fn ($row) => [$row['src'], $row['dest']],
            $db->query("SELECT src, dest FROM message WHERE mailbox = dest AND JSON_VALUE(message, '$.option.action') = 'scout' ORDER BY id"),
        ),
    ];
}
