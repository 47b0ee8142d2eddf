<?php
// One battle: the legacy `processWar_NG` between an attacker, the defending generals and the
// city, on the battle seed of the case. The defenders are chosen and ordered exactly as
// `processWar` does (its lines, without the database: the rows come from the case), and each
// row is written back as `applyDB` would, into MariaDB's INT columns (PHP's float text, then
// half away from zero); the city's row is the one applyDB last wrote. The aftermath of `processWar` (nation rice, tech, dead counts) and
// `ConquerCity` are not part of this area.
use sammo\{General, WarUnit, WarUnitCity, WarUnitGeneral};
use sammo\Enums\RankColumn;
use function sammo\{extractBattleOrder, processWar_NG};

require_once __DIR__ . '/../plates-stub.php';
require_once __DIR__ . '/../recent-war.php';
require_once LEGACY_ROOT . '/hwe/func_process.php';
require_once LEGACY_ROOT . '/hwe/process_war.php';

const RANK_KEYS = ['warnum', 'killnum', 'deathnum', 'occupied', 'killcrew', 'deathcrew', 'killcrew_person', 'deathcrew_person'];
const GENERAL_COLUMNS = ['crew', 'gold', 'rice', 'train', 'atmos', 'experience', 'explevel', 'dedication', 'injury', 'dex1', 'dex2', 'dex3', 'dex4', 'dex5', 'leadership', 'strength', 'intel', 'leadership_exp', 'strength_exp', 'intel_exp'];

/** The legacy row of a case's general. */
function general_row(array $g, array $nation): array
{
    return [
        'no' => $g['id'], 'name' => $g['name'], 'npc' => 2, 'nation' => $nation['nation'], 'city' => $g['city'],
        'officer_level' => $g['officerLevel'], 'officer_city' => $g['officerCity'],
        'leadership' => $g['leadership'], 'strength' => $g['strength'], 'intel' => $g['intel'],
        'leadership_exp' => $g['leadershipExp'], 'strength_exp' => $g['strengthExp'], 'intel_exp' => $g['intelExp'],
        'injury' => $g['injury'], 'experience' => $g['experience'], 'dedication' => $g['dedication'],
        'explevel' => $g['explevel'], 'dedlevel' => $g['dedlevel'],
        'gold' => $g['gold'], 'rice' => $g['rice'], 'crew' => $g['crew'], 'crewtype' => $g['crewtype'],
        'train' => $g['train'], 'atmos' => $g['atmos'], 'defence_train' => $g['defenceTrain'],
        'dex1' => $g['dex'][1], 'dex2' => $g['dex'][2], 'dex3' => $g['dex'][3], 'dex4' => $g['dex'][4], 'dex5' => $g['dex'][5],
        'special' => $g['special'] ?? 'None', 'special2' => $g['specialWar'] ?? 'None', 'personal' => $g['personal'] ?? 'None',
        'horse' => $g['items']['horse'] ?? 'None', 'weapon' => $g['items']['weapon'] ?? 'None',
        'book' => $g['items']['book'] ?? 'None', 'item' => $g['items']['item'] ?? 'None',
        'turntime' => FIXTURE_TURNTIME, 'recent_war' => null, 'aux' => '{}',
    ];
}

function nation_row(?array $n): array
{
    if ($n === null) {
        // processWar's row for the wilderness.
        return ['nation' => 0, 'name' => '재야', 'capital' => 0, 'level' => 0, 'gold' => 0, 'rice' => 10000, 'type' => \sammo\GameConst::$neutralNationType, 'tech' => 0, 'gennum' => 1];
    }
    return ['nation' => $n['id'], 'name' => $n['name'], 'capital' => $n['capital'], 'level' => $n['level'], 'gold' => $n['gold'], 'rice' => $n['rice'], 'type' => $n['type'], 'tech' => $n['tech'], 'gennum' => $n['gennum']];
}

function make_general(array $g, array $nation, array $city, int $year, int $month): General
{
    $rank = new \Ds\Map();
    foreach (RANK_KEYS as $key) $rank[RankColumn::from($key)] = 0;
    $rank[RankColumn::killnum] = $g['killnum'];
    return new General(general_row($g, $nation), $rank, null, $city, $nation, $year, $month);
}

/** What an INT column keeps of a PHP value (MeekroDB prints floats with `precision` 14). */
function int_column($v): int
{
    return (int)round((float)(string)$v);
}

/** The row as `applyDB` leaves it, the rank counters, and the phase lines of its battle log. */
function general_out(WarUnitGeneral $unit): array
{
    $general = $unit->getGeneral();
    $out = [];
    foreach (GENERAL_COLUMNS as $column) {
        $key = lcfirst(str_replace(' ', '', ucwords(str_replace('_', ' ', $column))));
        $out[$key] = int_column($general->getVar($column));
    }
    foreach (RANK_KEYS as $key) $out['rank'][$key] = $general->getRankVar(RankColumn::from($key), 0);
    $out['recentWar'] = fixture_recent_war_offset($general->getVar('recent_war'));
    $out['killed'] = $unit->getKilled();
    $out['dead'] = $unit->getDead();
    $out['items'] = [];
    foreach (['horse', 'weapon', 'book', 'item'] as $slot) $out['items'][$slot] = $general->getVar($slot);
    return $out;
}

/** `N : 【a】 hp (-d) VS hp (-d) 【b】` lines of a battle detail log, as numbers. */
function phase_lines(array $log): array
{
    $lines = [];
    foreach ($log as $line) {
        $text = preg_replace(["/<[^>]*>/", "/^●/u"], "", $line);
        if (preg_match('/^(\S+)\s*: 【.*】 (\d+) \(-(\d+)\) VS (\d+) \(-(\d+)\) 【/u', $text, $m)) {
            $lines[] = [$m[1], (int)$m[2], (int)$m[3], (int)$m[4], (int)$m[5]];
        }
    }
    return $lines;
}

function run_case(array $case): array
{
    [$year, $month, $startYear] = [$case['year'], $case['month'], $case['startyear']];
    $attackerNation = nation_row($case['attackerNation']);
    $defenderNation = nation_row($case['defenderNation']);
    $c = $case['city'];
    $rawCity = [
        'city' => $c['id'], 'name' => $c['name'], 'nation' => $defenderNation['nation'], 'level' => $c['level'],
        'def' => $c['def'], 'wall' => $c['wall'], 'agri' => $c['agri'], 'comm' => $c['comm'], 'secu' => $c['secu'],
        'supply' => $c['supply'], 'conflict' => '{}',
    ];
    $attackerCity = ['city' => $case['attackerCity']['id'], 'level' => $case['attackerCity']['level']];

    $rng = new \sammo\RandUtil(new \sammo\LiteHashDRBG($case['seed']));
    $attacker = new WarUnitGeneral($rng, make_general($case['attacker'], $attackerNation, $attackerCity, $year, $month), $attackerNation, true);
    $city = new WarUnitCity($rng, $rawCity, $defenderNation, $year, $month, $startYear);

    // processWar's defender list, in its order.
    $all = [];
    $defenderList = [];
    foreach ($case['defenders'] as $g) {
        $general = make_general($g, $defenderNation, $rawCity, $year, $month);
        $general->setRawCity($rawCity);
        $candidate = new WarUnitGeneral($rng, $general, $defenderNation, false);
        $all[] = $candidate;
        if (extractBattleOrder($candidate, $attacker) <= 0) continue;
        $defenderList[] = $candidate;
    }
    if (count($defenderList) && extractBattleOrder($city, $attacker) > 0) {
        $defenderList[] = $city;
    }
    usort($defenderList, fn (WarUnit $lhs, WarUnit $rhs) => -(extractBattleOrder($lhs, $attacker) <=> extractBattleOrder($rhs, $attacker)));

    $fought = [];
    // The city's row as applyDB last wrote it (processWar writes a defender's row when the
    // battle moves on from it, and the last one's at the end): what the rows keep.
    $cityRow = $rawCity;
    $iter = new \ArrayIterator($defenderList);
    $getNextDefender = function (?WarUnit $prev, bool $reqNext) use ($iter, $attacker, &$fought, $city, &$cityRow) {
        if ($prev === $city) $cityRow = $city->getRaw();
        if (!$reqNext || !$iter->valid()) return null;
        $next = $iter->current();
        if (extractBattleOrder($next, $attacker) <= 0) return null;
        $iter->next();
        $fought[] = $next instanceof WarUnitCity ? 0 : $next->getGeneral()->getID();
        return $next;
    };

    $conquer = processWar_NG($case['seed'], $attacker, $getNextDefender, $city);

    $phases = phase_lines($attacker->getLogger()->rollback()['generalBattleDetailLog']);
    foreach ($all as $unit) $unit->getLogger()->rollback();
    $city->getLogger()->rollback();

    return [
        'conquered' => $conquer,
        'fought' => $fought,
        'phases' => $phases,
        'attacker' => general_out($attacker),
        'defenders' => array_map('general_out', $all),
        'city' => [
            'def' => int_column($cityRow['def']),
            'wall' => int_column($cityRow['wall']),
            'agri' => int_column($cityRow['agri']),
            'comm' => int_column($cityRow['comm']),
            'secu' => int_column($cityRow['secu']),
            'conflict' => array_map(null, array_keys($c2 = json_decode($cityRow['conflict'], true) ?: []), array_values($c2)),
            'killed' => $city->getKilled(),
            'dead' => $city->getDead(),
        ],
    ];
}
