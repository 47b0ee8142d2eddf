<?php
// One legacy monthly step (an event action of GameConstBase::$defaultEvents) on MariaDB with
// the legacy schema, for the rows of the case on the che map: the rows after it are the answer.
use sammo\{DB, GameConst, Json, KVStorage, LiteHashDRBG, RandUtil, TurnExecutionHelper, UniqueConst, Util};
use sammo\Enums\EventTarget;
use sammo\Event\Action;
use function sammo\{checkStatistic, legacy_db_case, legacy_db_create, legacy_db_reset_ids, postUpdateMonthly, preUpdateMonthly, turnDate};

require_once __DIR__ . '/../fixtures.php';
require_once __DIR__ . '/../plates-stub.php';
require_once LEGACY_ROOT . '/hwe/func.php';

legacy_db_create();

/** An event action's step as the event table names it (`Action::build`'s arguments); `pre` and `post` are the month's own work around the events. */
const MONTHLY_ACTIONS = [
    'supply' => ['UpdateCitySupply'], 'warIncome' => ['ProcessWarIncome'],
    'semiAnnualGold' => ['ProcessSemiAnnual', 'gold'], 'semiAnnualRice' => ['ProcessSemiAnnual', 'rice'],
    'incomeGold' => ['ProcessIncome', 'gold'], 'incomeRice' => ['ProcessIncome', 'rice'],
    'disaster' => ['RaiseDisaster'], 'tradeRate' => ['RandomizeCityTradeRate'], 'nationLevel' => ['UpdateNationLevel'],
    'newYear' => ['NewYear'], 'officerLock' => ['ResetOfficerLock'],
    'betrayAtZero' => ['AddGlobalBetray', 1, 0], 'betrayAtOne' => ['AddGlobalBetray', 1, 1],
    'speciality' => ['AssignGeneralSpeciality'], 'inheritRank' => ['MergeInheritPointRank'], 'troopLeader' => ['ProvideNPCTroopLeader'],
];

/** The stored inheritance kinds compared (the ones a world without the lobby earns). */
const MONTHLY_INHERITANCE_KEYS = ['lived_month', 'max_domestic_critical', 'active_action', 'unifier'];
const MONTHLY_INHERIT_RANKS = ['inherit_earned', 'inherit_earned_dyn', 'inherit_spent'];

/** Every general's row with `inherit`: its merged inheritance ranks (MONTHLY_INHERIT_RANKS) and its stored points (MONTHLY_INHERITANCE_KEYS). */
function monthly_generals(): array
{
    $db = DB::db();
    $generals = fixture_general_rows(['age', 'killturn', 'makelimit', 'betray', 'special', 'special2', 'horse', 'weapon', 'book', 'item']);
    foreach ($generals as &$g) {
        $ranks = Util::convertPairArrayToDict($db->queryAllLists('SELECT type, value FROM rank_data WHERE general_id = %i AND type IN %ls', $g['id'], MONTHLY_INHERIT_RANKS));
        $stor = KVStorage::getStorage($db, "inheritance_{$g['id']}");
        $g['inherit'] = array_merge(
            array_map(fn ($type) => $ranks[$type] ?? 0, MONTHLY_INHERIT_RANKS),
            array_map(fn ($key) => ($stor->getValue($key) ?? [0])[0], MONTHLY_INHERITANCE_KEYS),
        );
    }
    return $generals;
}

const MONTHLY_CITY_COLUMNS = 'city, nation, supply, front, pop, agri, comm, secu, def, wall, trust, trade, dead, state, term, officer_set';

function run_case(array $case): array
{
    try {
        return legacy_db_case(fn () => run_monthly($case));
    } finally {
        legacy_db_reset_ids();
    }
}

/** Every city's row as a list in MONTHLY_CITY_COLUMNS' order, by id. */
function monthly_cities(): array
{
    $out = [];
    foreach (DB::db()->queryAllLists('SELECT ' . MONTHLY_CITY_COLUMNS . ' FROM city ORDER BY city') as $row) $out[$row[0]] = $row;
    return $out;
}

function run_monthly(array $case): array
{
    $db = DB::db();
    UniqueConst::$hiddenSeed = $case['tableSeed'];
    fixture_insert($case);
    foreach ($case['dead'] as [$cityID, $dead]) {
        $db->update('city', ['dead' => $dead], 'city = %i', $cityID);
    }
    foreach ($case['diplomacyDead'] as [$me, $you, $dead]) {
        $db->update('diplomacy', ['dead' => $dead], 'me = %i AND you = %i', $me, $you);
    }
    foreach ($case['crewRanks'] as [$generalID, $killed, $lost]) {
        $db->update('rank_data', ['value' => $killed], 'general_id = %i AND type = %s', $generalID, 'killcrew_person');
        $db->update('rank_data', ['value' => $lost], 'general_id = %i AND type = %s', $generalID, 'deathcrew_person');
    }
    $before = monthly_cities();

    // The turn being run is the first window (generals the events make draw their first turn from it).
    $env = ['startyear' => $case['startyear'], 'year' => $case['year'], 'month' => $case['month'], 'killturn' => $case['killturn'], 'turnterm' => 60, 'turntime' => '2026-01-01 00:00:00', 'currentEventID' => 0];
    $gameStor = KVStorage::getStorage($db, 'game_env');
    // The server opened at the start (che_해산 waits for the month after it).
    foreach (['init_year' => $case['startyear'], 'init_month' => 1, 'scenario' => 0, 'turntime' => $env['turntime']] as $k => $v) $gameStor->setValue($k, $v);
    $monthlyRng = fn () => new RandUtil(new LiteHashDRBG(Util::simpleSerialize(UniqueConst::$hiddenSeed, 'monthly', $case['year'], $case['month'])));
    if ($case['step'] === 'pre') {
        preUpdateMonthly();
    } elseif ($case['step'] === 'post') {
        postUpdateMonthly($monthlyRng());
    } elseif ($case['step'] === 'month') {
        monthly_whole_month($case, $monthlyRng());
    } else {
        Action::build(MONTHLY_ACTIONS[$case['step']])->run($env);
    }

    // The case's cities and every other city the step changed.
    $listed = array_flip(array_column($case['cities'], 'id'));
    $cities = [];
    foreach (monthly_cities() as $id => $row) {
        if (isset($listed[$id]) || $row !== $before[$id]) $cities[] = $row;
    }
    $nations = [];
    foreach ($db->query('SELECT nation, level, capital, gold, rice, tech, power, gennum, chief_set, rate_tmp, strategic_cmd_limit, surlimit, spy FROM nation ORDER BY nation') as $row) {
        $row['spy'] = (object)(json_decode($row['spy'], true) ?: []);
        $stor = KVStorage::getStorage($db, $row['nation'], 'nation_env')->getValues(['prev_income_gold', 'prev_income_rice', 'max_power', 'available_war_setting_cnt']);
        $nations[] = $row + [
            'prev_income_gold' => $stor['prev_income_gold'] ?? 0, 'prev_income_rice' => $stor['prev_income_rice'] ?? 0,
            'max_power' => $stor['max_power']['maxPower'] ?? 0, 'available_war_setting_cnt' => $stor['available_war_setting_cnt'] ?? 0,
        ];
    }
    // A general the step made (ProvideNPCTroopLeader's dummies) is compared whole: its name, life and first turn (to the ms).
    $generals = monthly_generals();
    $fixtureIds = array_column($case['generals'], 'id');
    foreach ($generals as &$row) {
        if (in_array($row['id'], $fixtureIds, true)) continue;
        $made = $db->queryFirstRow('SELECT name, npc, leadership, strength, intel, affinity, personal, specage, specage2, bornyear, deadyear, turntime FROM general WHERE no = %i', $row['id']);
        $made['turntime'] = substr($made['turntime'], 0, 23);
        $row += $made;
    }
    unset($row);
    return [
        'generals' => $generals,
        'troops' => $db->query('SELECT troop_leader, nation, name FROM troop ORDER BY troop_leader'),
        'lastNPCTroopLeaderID' => $gameStor->getValue('lastNPCTroopLeaderID'),
        'cities' => $cities,
        'nations' => $nations,
        'diplomacy' => $db->query('SELECT me, you, state, term, dead FROM diplomacy ORDER BY me, you'),
        'develcost' => KVStorage::getStorage($db, 'game_env')->getValue('develcost'),
    ];
}

/**
 * A whole month boundary as TurnExecutionHelper runs it: PRE_MONTH events, preUpdateMonthly,
 * the date turned by one month, January's statistics, MONTH events, postUpdateMonthly — with
 * the default event table (GameConstBase::$defaultEvents) as the installer writes it.
 */
function monthly_whole_month(array $case, RandUtil $rng): void
{
    $db = DB::db();
    foreach (GameConst::$defaultEvents as $event) {
        [$target, $priority, $cond] = $event;
        $actions = array_slice($event, 3);
        $db->insert('event', ['target' => strtoupper($target), 'priority' => $priority, 'condition' => Json::encode($cond), 'action' => Json::encode($actions)]);
    }
    $gameStor = KVStorage::getStorage($db, 'game_env');
    $gameStor->setValue('starttime', '2026-01-01 00:00:00');
    // The turn that opens the next month: one turn (60 minutes) a month since the start.
    $nextMonth = $case['year'] * 12 + $case['month'] - $case['startyear'] * 12;
    $nextTurn = date('Y-m-d H:i:s', strtotime('2026-01-01 00:00:00') + $nextMonth * 3600);

    TurnExecutionHelper::runEventHandler($db, $gameStor, EventTarget::PreMonth);
    preUpdateMonthly();
    turnDate($nextTurn);
    if ($gameStor->month == 1) checkStatistic();
    TurnExecutionHelper::runEventHandler($db, $gameStor, EventTarget::Month);
    postUpdateMonthly($rng);
}
