<?php
// The rows of a case (src/fixtures.ts: libs/sammo's field names) written into the legacy's
// tables on the che map, and the general rows read back, for the areas that run the legacy
// on MariaDB (php/db.php). A field the case leaves out takes the column's default.
use sammo\{CityConst, DB, KVStorage, Util};
use sammo\Enums\RankColumn;
use function sammo\refreshNationStaticInfo;

require_once __DIR__ . '/db.php';
require_once __DIR__ . '/recent-war.php';

const FIXTURE_GENERAL_COLUMNS = ['nation', 'city', 'officer_level', 'officer_city', 'crew', 'rice', 'gold', 'train', 'atmos', 'experience', 'explevel', 'dedication', 'dedlevel', 'injury', 'dex1', 'dex2', 'dex3', 'dex4', 'dex5', 'leadership_exp', 'strength_exp', 'intel_exp', 'belong', 'troop'];

/** The fields of `$row` named in `$columns` (case field => column) that the case sets. */
function fixture_optional(array $row, array $columns): array
{
    $out = [];
    foreach ($columns as $field => $column) {
        if (array_key_exists($field, $row) && $row[$field] !== null) $out[$column] = is_array($row[$field]) ? json_encode($row[$field], JSON_UNESCAPED_UNICODE) : $row[$field];
    }
    return $out;
}

function fixture_general_row(array $g, int $year): array
{
    return [
        'no' => $g['id'], 'name' => $g['name'], 'picture' => 'default.jpg', 'npc' => $g['npc'], 'npc_org' => $g['npc'], 'nation' => $g['nation'], 'city' => $g['city'],
        'officer_level' => $g['officerLevel'], 'officer_city' => $g['officerCity'],
        'leadership' => $g['leadership'], 'strength' => $g['strength'], 'intel' => $g['intel'],
        'leadership_exp' => $g['leadershipExp'], 'strength_exp' => $g['strengthExp'], 'intel_exp' => $g['intelExp'],
        'injury' => $g['injury'], 'experience' => $g['experience'], 'dedication' => $g['dedication'],
        'explevel' => $g['explevel'], 'dedlevel' => $g['dedlevel'], 'belong' => $g['belong'],
        'gold' => $g['gold'], 'rice' => $g['rice'], 'crew' => $g['crew'], 'crewtype' => $g['crewtype'],
        'train' => $g['train'], 'atmos' => $g['atmos'], 'defence_train' => $g['defenceTrain'],
        'dex1' => $g['dex'][1], 'dex2' => $g['dex'][2], 'dex3' => $g['dex'][3], 'dex4' => $g['dex'][4], 'dex5' => $g['dex'][5],
        'special' => $g['special'] ?? 'None', 'special2' => $g['specialWar'] ?? 'None', 'personal' => $g['personal'] ?? 'None',
        'turntime' => (new DateTimeImmutable(FIXTURE_TURNTIME))->modify(sprintf('+%d seconds', $g['turntime'] ?? 0))->format('Y-m-d H:i:s.u'), 'killturn' => $g['killturn'] ?? 100,
        'recent_war' => fixture_recent_war($g['recentWar'] ?? null),
    ] + ($g['items'] ?? []) + fixture_optional($g, ['betray' => 'betray', 'makelimit' => 'makelimit', 'troop' => 'troop', 'lastTurn' => 'last_turn', 'aux' => 'aux', 'specage' => 'specage', 'specage2' => 'specage2'])
      + (isset($g['inheritance']) ? ['owner' => $g['id']] : [])
      + (isset($g['age']) ? ['age' => $g['age'], 'bornyear' => $year - $g['age'], 'deadyear' => $year + 30, 'affinity' => $g['affinity'] ?? 1] : []);
}

/** Writes the case's world: game_env, every map city, the nations (with nation_env's incomes), diplomacy and generals (resting, ranks as the case gives them, else 0). */
function fixture_insert(array $case): void
{
    $db = DB::db();
    $gameStor = KVStorage::getStorage($db, 'game_env');
    // init_year: the installed game's first year (the scenario's startyear), which 거병's AI reads.
    $env = ['startyear' => $case['startyear'], 'init_year' => $case['startyear'], 'year' => $case['year'], 'month' => $case['month'], 'join_mode' => 'full',
        'turnterm' => $case['turnterm'] ?? 60, 'develcost' => $case['develcost'] ?? 20];
    // Left out, the installed game's value (ResetHelper: 4800 / turnterm), as libs/sammo's new world has it.
    $env['killturn'] = $case['killturn'] ?? intdiv(4800, $env['turnterm']);
    foreach ($env as $k => $v) $gameStor->setValue($k, $v);

    $owned = [];
    foreach ($case['cities'] as $c) $owned[$c['id']] = $c;
    $rows = [];
    foreach (CityConst::all() as $city) {
        $c = $owned[$city->id] ?? null;
        // Levels 증축 added: the maxima it raised with them (GameConst expandCity…).
        $e = $c['expanded'] ?? 0;
        $rows[] = [
            'city' => $city->id, 'name' => $city->name, 'level' => $city->level + $e, 'region' => $city->region, 'nation' => $c['nation'] ?? 0,
            'supply' => $c['supply'] ?? 1, 'front' => $c['front'] ?? 0, 'pop' => $c['pop'] ?? $city->population, 'pop_max' => $city->population + 100000 * $e,
            'agri' => $c['agri'] ?? 0, 'agri_max' => $city->agriculture + 2000 * $e, 'comm' => $c['comm'] ?? 0, 'comm_max' => $city->commerce + 2000 * $e,
            'secu' => $c['secu'] ?? 0, 'secu_max' => $city->security + 2000 * $e, 'trust' => $c['trust'] ?? 50,
            'def' => $c['def'] ?? $city->defence, 'def_max' => $city->defence + 2000 * $e, 'wall' => $c['wall'] ?? $city->wall, 'wall_max' => $city->wall + 2000 * $e,
        ] + ($c === null ? [] : fixture_optional($c, ['trade' => 'trade', 'officerSet' => 'officer_set', 'state' => 'state']));
    }
    // One insert per set of columns (a case's city may set more than the map's defaults).
    $groups = [];
    foreach ($rows as $row) $groups[implode(',', array_keys($row))][] = $row;
    foreach ($groups as $group) $db->insert('city', $group);
    foreach ($case['nations'] as $n) {
        $db->insert('nation', [
            'nation' => $n['id'], 'name' => $n['name'], 'color' => $n['color'] ?? '#000000', 'capital' => $n['capital'], 'level' => $n['level'],
            'tech' => $n['tech'], 'gold' => $n['gold'], 'rice' => $n['rice'], 'type' => $n['type'], 'gennum' => $n['gennum'],
        ] + fixture_optional($n, ['bill' => 'bill', 'rate' => 'rate', 'scout' => 'scout', 'war' => 'war', 'surlimit' => 'surlimit', 'strategicCmdLimit' => 'strategic_cmd_limit', 'chiefSet' => 'chief_set', 'capset' => 'capset', 'aux' => 'aux', 'spy' => 'spy'])
          + (isset($n['rate']) ? ['rate_tmp' => $n['rate']] : []));
        $nationStor = KVStorage::getStorage($db, $n['id'], 'nation_env');
        if (isset($n['prevIncomeGold'])) $nationStor->setValue('prev_income_gold', $n['prevIncomeGold']);
        if (isset($n['prevIncomeRice'])) $nationStor->setValue('prev_income_rice', $n['prevIncomeRice']);
        // The aid ledger the AI's do불가침제의 reads, keyed "n{nation}" => [nation, value] as legacy writes it.
        foreach (['aidReceived' => 'recv_assist', 'aidAnswered' => 'resp_assist', 'pactOffered' => 'resp_assist_try'] as $field => $key) {
            if (!isset($n[$field])) continue;
            $rows = [];
            foreach ($n[$field] as [$other, $value]) $rows["n{$other}"] = [$other, $value];
            $nationStor->setValue($key, $rows);
        }
        // The ruler's AI policy as j_set_npc_control stores it: the values under `values`, the order under `priority`.
        if (isset($n['policy'])) {
            $values = $n['policy'];
            unset($values['priority']);
            $nationStor->setValue('npc_nation_policy', ['values' => $values] + (isset($n['policy']['priority']) ? ['priority' => $n['policy']['priority']] : []));
        }
    }
    foreach ($case['diplomacy'] as $d) {
        $db->insert('diplomacy', ['me' => $d['me'], 'you' => $d['you'], 'state' => $d['state'], 'term' => $d['term']]);
    }
    foreach ($case['generals'] as $g) {
        $db->insert('general', fixture_general_row($g, $case['year']));
        foreach ($g['inheritance'] ?? [] as $key => $value) KVStorage::getStorage($db, "inheritance_{$g['id']}")->setValue($key, [$value, null]);
        $db->insert('rank_data', array_map(fn ($column) => ['general_id' => $g['id'], 'nation_id' => $g['nation'], 'type' => $column->value, 'value' => $g['rank'][$column->value] ?? 0], RankColumn::cases()));
        // Every general has its 30 reserved turns, resting but the next one when the case reserves it.
        $turns = array_map(fn ($i) => ['general_id' => $g['id'], 'turn_idx' => $i, 'action' => '휴식', 'arg' => '{}', 'brief' => '휴식'], range(0, 29));
        if (isset($g['reserved'])) {
            $turns[0]['action'] = $turns[0]['brief'] = $g['reserved']['action'];
            $turns[0]['arg'] = json_encode($g['reserved']['arg'] ?: new stdClass(), JSON_UNESCAPED_UNICODE);
        }
        $db->insert('general_turn', $turns);
    }
    refreshNationStaticInfo();
}

/**
 * What a player's page reads beside the fixture: the generals' permissions (외교권자/조언자),
 * the troops, and the case's mover as its general's owner (its session's user).
 */
function fixture_members(array $case): void
{
    $db = DB::db();
    foreach ($case['generals'] as $g) {
        if (isset($g['permission'])) $db->update('general', ['permission' => $g['permission']], 'no = %i', $g['id']);
    }
    foreach ($case['troops'] as [$leader, $nation, $name]) $db->insert('troop', ['troop_leader' => $leader, 'nation' => $nation, 'name' => $name]);
    $db->update('general', ['owner' => $case['mover']], 'no = %i', $case['mover']);
}

/** Every general's row after the case (FIXTURE_GENERAL_COLUMNS and `$more`), with its reserved turns that are not rest. */
function fixture_general_rows(array $more = []): array
{
    $db = DB::db();
    $columns = array_merge(FIXTURE_GENERAL_COLUMNS, $more);
    $generals = [];
    foreach ($db->query('SELECT %l FROM general ORDER BY no', Util::formatListOfBackticks(array_merge(['no'], $columns))) as $row) {
        $turns = $db->queryAllLists('SELECT turn_idx, action, arg FROM general_turn WHERE general_id = %i AND action != %s ORDER BY turn_idx', $row['no'], '휴식');
        $generals[] = ['id' => $row['no']] + array_intersect_key($row, array_flip($columns)) + ['queue' => array_map(fn ($t) => [$t[0], $t[1], json_decode($t[2], true) ?: null], $turns)];
    }
    return $generals;
}
