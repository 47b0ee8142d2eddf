<?php
// One legacy monthly step (an event action of GameConstBase::$defaultEvents) on MariaDB with
// the legacy schema, for the rows of the case on the che map: the rows after it are the answer.
use sammo\{DB, KVStorage, LiteHashDRBG, RandUtil, UniqueConst, Util};
use sammo\Event\Action;
use function sammo\{legacy_db_case, legacy_db_create, postUpdateMonthly, preUpdateMonthly};

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
];

const MONTHLY_CITY_COLUMNS = 'city, nation, supply, front, pop, agri, comm, secu, def, wall, trust, trade, dead, state, term, officer_set';

function run_case(array $case): array
{
    return legacy_db_case(fn () => run_monthly($case));
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

    $env = ['startyear' => $case['startyear'], 'year' => $case['year'], 'month' => $case['month'], 'killturn' => $case['killturn'], 'turnterm' => 60, 'currentEventID' => 0];
    if ($case['step'] === 'pre') {
        preUpdateMonthly();
    } elseif ($case['step'] === 'post') {
        // The server opened at the start (che_해산 waits for the month after it).
        foreach (['init_year' => $case['startyear'], 'init_month' => 1, 'scenario' => 0] as $k => $v) KVStorage::getStorage($db, 'game_env')->setValue($k, $v);
        postUpdateMonthly(new RandUtil(new LiteHashDRBG(Util::simpleSerialize(UniqueConst::$hiddenSeed, 'monthly', $case['year'], $case['month']))));
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
    foreach ($db->query('SELECT nation, level, capital, gold, rice, tech, power, gennum, chief_set, rate_tmp, strategic_cmd_limit, surlimit FROM nation ORDER BY nation') as $row) {
        $stor = KVStorage::getStorage($db, $row['nation'], 'nation_env')->getValues(['prev_income_gold', 'prev_income_rice', 'max_power', 'available_war_setting_cnt']);
        $nations[] = $row + [
            'prev_income_gold' => $stor['prev_income_gold'] ?? 0, 'prev_income_rice' => $stor['prev_income_rice'] ?? 0,
            'max_power' => $stor['max_power']['maxPower'] ?? 0, 'available_war_setting_cnt' => $stor['available_war_setting_cnt'] ?? 0,
        ];
    }
    return [
        'generals' => fixture_general_rows(['age', 'killturn', 'makelimit']),
        'cities' => $cities,
        'nations' => $nations,
        'diplomacy' => $db->query('SELECT me, you, state, term, dead FROM diplomacy ORDER BY me, you'),
        'develcost' => KVStorage::getStorage($db, 'game_env')->getValue('develcost'),
    ];
}
