<?php
// What one general is shown, by the legacy's own API classes run in its session on the
// case's rows: General/GetFrontInfo (its row, its nation with the strategic commands still
// waiting, its city, its troop, the newest log lines: 중원정세, 장수동향, its own),
// Command/GetReservedCommand (its queue), Nation/GeneralList (the members and their turns by
// its secret permission), NationCommand/GetReservedCommand (the chiefs' queues), Global/GetMap
// (the spy list, the cities its generals stand in), Nation/GetGeneralLog (a general's action
// log, by its secret permission), Global/GetDiplomacy, Global/GeneralList
// and Global/GetNationList (the public lists). The answer is their fields, normalised to the
// shape src/views-area.ts gives libs/sammo's seat and public views.
use sammo\{DB, KVStorage, Session, UniqueConst};
use sammo\API\Command\GetReservedCommand;
use sammo\API\General\GetFrontInfo;
use sammo\API\Global\{GeneralList as GlobalGeneralList, GetDiplomacy, GetMap, GetNationList};
use sammo\API\Nation\{GeneralList as NationGeneralList, GetGeneralLog};
use sammo\API\NationCommand\GetReservedCommand as GetNationReservedCommand;
use function sammo\{legacy_db_case, legacy_db_create, refreshNationStaticInfo};

require_once __DIR__ . '/../fixtures.php';
require_once __DIR__ . '/../plates-stub.php';
require_once __DIR__ . '/../api.php';
require_once LEGACY_ROOT . '/hwe/func.php';

legacy_db_create();

function run_case(array $case): array
{
    return legacy_db_case(fn () => run_views($case));
}

/** The case's rows besides the fixture's: secret limits, permissions, troops, queues, the session's owner. */
function views_insert(array $case): void
{
    $db = DB::db();
    fixture_insert($case);
    $gameStor = KVStorage::getStorage($db, 'game_env');
    $gameStor->setValue('turntime', (new DateTimeImmutable(FIXTURE_TURNTIME))->modify(sprintf('+%d seconds', $case['lastExecuted']))->format('Y-m-d H:i:s.u'));
    $gameStor->setValue('refreshLimit', 1000000);
    $gameStor->setValue('isunited', 0);
    // Before the opening, increaseRefresh counts nothing (it would write the API log's SQLite file).
    $gameStor->setValue('opentime', '9999-12-31 00:00:00');
    foreach ($case['nations'] as $n) {
        $db->update('nation', ['secretlimit' => $n['secretlimit'], 'power' => $n['power'], 'spy' => json_encode((object)($n['spy'] ?? []))], 'nation = %i', $n['id']);
        foreach ($case['chiefLevels'] as $level) {
            $db->insert('nation_turn', array_map(fn ($i) => ['nation_id' => $n['id'], 'officer_level' => $level, 'turn_idx' => $i, 'action' => '휴식', 'arg' => '{}', 'brief' => '휴식'], range(0, 11)));
        }
    }
    foreach ($case['chiefTurns'] as [$nation, $level, $slot, $action, $arg]) {
        $db->update('nation_turn', ['action' => $action, 'arg' => json_encode($arg ?: new stdClass(), JSON_UNESCAPED_UNICODE), 'brief' => $action], 'nation_id = %i AND officer_level = %i AND turn_idx = %i', $nation, $level, $slot);
    }
    foreach ($case['generals'] as $g) {
        if (isset($g['permission'])) $db->update('general', ['permission' => $g['permission']], 'no = %i', $g['id']);
        foreach ($g['turns'] ?? [] as [$slot, $action, $arg]) {
            $db->update('general_turn', ['action' => $action, 'arg' => json_encode($arg ?: new stdClass(), JSON_UNESCAPED_UNICODE), 'brief' => $action === 'che_집합' ? '집합' : $action], 'general_id = %i AND turn_idx = %i', $g['id'], $slot);
        }
    }
    foreach ($case['troops'] as [$leader, $nation, $name]) $db->insert('troop', ['troop_leader' => $leader, 'nation' => $nation, 'name' => $name]);
    $now = $case['year'] * 12 + $case['month'] - 1;
    foreach ($case['strategic'] as [$nation, $name, $months]) KVStorage::getStorage($db, $nation, 'nation_env')->setValue("next_execute_{$name}", $now + $months);
    foreach ($case['lines'] as [$kind, $general, $text]) {
        $row = ['year' => $case['year'], 'month' => $case['month'], 'text' => $text];
        if ($kind === 'history') $db->insert('world_history', $row + ['nation_id' => 0]);
        else $db->insert('general_record', $row + ['general_id' => $general, 'log_type' => $kind === 'global' ? 'history' : 'action']);
    }
    $db->update('general', ['owner' => $case['viewer']], 'no = %i', $case['viewer']);
    $db->insert('general_access_log', ['general_id' => $case['viewer'], 'user_id' => $case['viewer'], 'last_refresh' => '2000-01-01 00:00:00', 'refresh_score' => 0, 'refresh_score_total' => 0]);
    refreshNationStaticInfo();
}

function views_slots(array $turns, int $count): array
{
    $out = [];
    // GetReservedCommand decodes the argument; GetFrontInfo and Nation/GeneralList hand the column's text on.
    foreach (array_slice(array_values($turns), 0, $count) as $t) $out[] = [$t['action'], (is_string($t['arg']) ? json_decode($t['arg'], true) : $t['arg']) ?: null];
    return $out;
}

/** GetFrontInfo's `topChiefs`, keyed by office: [office, general] from the ruler down. */
function views_top_chiefs(array $chiefs): array
{
    $out = array_map(fn ($c) => [$c['officer_level'], $c['no']], array_values($chiefs));
    usort($out, fn ($a, $b) => $b[0] <=> $a[0]);
    return $out;
}

function run_views(array $case): array
{
    views_insert($case);
    $session = api_login($case['viewer']);
    $front = api_call(GetFrontInfo::class, $session, ['lastGeneralRecordID' => 0, 'lastWorldHistoryID' => 0]);
    $queue = api_call(GetReservedCommand::class, $session);
    $members = api_call(NationGeneralList::class, $session);
    $chiefs = api_call(GetNationReservedCommand::class, $session);
    $map = api_call(GetMap::class, $session, ['neutralView' => false, 'showMe' => true]);
    $diplomacy = api_call(GetDiplomacy::class, $session);
    $public = api_call(GlobalGeneralList::class, $session);
    $nations = api_call(GetNationList::class, $session);
    $memberLog = api_call(GetGeneralLog::class, $session, ['generalID' => $case['logOf'], 'reqType' => GetGeneralLog::GENERAL_ACTION]);

    $g = $front['general'];
    $nationInfo = $front['nation'];
    $inNation = $nationInfo['id'] != 0;
    $nation = DB::db()->queryFirstRow('SELECT level, secretlimit FROM nation WHERE nation = %i', $g['nation']);
    $detailed = ['leadership_exp', 'strength_exp', 'intel_exp', 'experience', 'dedication', 'officer_level', 'officer_city', 'defence_train', 'crewtype', 'crew', 'train', 'atmos', 'warnum', 'killnum', 'deathnum', 'killcrew', 'deathcrew', 'firenum'];
    $memberRows = [];
    $turnIdx = is_array($members) ? array_flip($members['column']) : [];
    // Without a nation (permission −1) the list is of every wanderer with no column at all: nothing to read.
    foreach (is_array($members) && $members['permission'] >= 0 ? $members['list'] : [] as $row) {
        $m = fn ($c) => $row[$turnIdx[$c]];
        $memberRows[] = [
            $m('no'), $m('officerLevel'), $m('gold'), $m('rice'), $m('belong'), $m('troop'), $m('city'),
            $members['permission'] >= 1 ? [array_map($m, $detailed), [$m('dex1'), $m('dex2'), $m('dex3'), $m('dex4'), $m('dex5')], $m('reservedCommand') === null ? null : views_slots($m('reservedCommand'), 5)] : null,
        ];
    }
    // The cities the viewer reads in detail, as the map page and b_currentCity derive them
    // from GetMap: its nation's, those its generals stand in, the spied ones once the nation
    // has a level; a general without office only its own city.
    $seen = [$g['city']];
    if ($g['officer_level'] > 0 && $g['nation'] != 0) {
        foreach ($map['cityList'] as [$city, , , $owner]) if ($owner == $g['nation']) $seen[] = $city;
        $seen = array_merge($seen, $map['shownByGeneralList']);
        if ($nation['level'] > 0) $seen = array_merge($seen, array_map('intval', array_keys((array)$map['spyList'])));
    }
    $seen = array_values(array_unique($seen));
    sort($seen);
    $city = $front['city'];
    $officers = [];
    foreach ([2, 3, 4] as $level) $officers[] = $city['officerList'][$level]['name'] ?? null;
    $diplomacyRows = [];
    foreach ($diplomacy['diplomacyList'] as $me => $row) foreach ($row as $you => $state) $diplomacyRows[] = [(int)$me, (int)$you, $state];
    sort($diplomacyRows);
    $publicIdx = array_flip($public['column']);
    $publicRows = array_map(fn ($row) => [$row[$publicIdx['no']], $row[$publicIdx['nationName']], $row[$publicIdx['officerLevelText']], $row[$publicIdx['explevel']], $row[$publicIdx['dedLevelText']], $row[$publicIdx['killturn']]], $public['list']);
    usort($publicRows, fn ($a, $b) => $a[0] <=> $b[0]);
    $nationRows = [];
    foreach ($nations['nations'] as $n) {
        if ($n['nation'] == 0) continue;
        $cities = array_map('intval', array_keys($n['cities'] ?? []));
        sort($cities);
        $nationRows[] = [$n['nation'], $n['name'], $n['level'], $n['capital'], $n['gennum'], $n['power'], $cities];
    }
    usort($nationRows, fn ($a, $b) => $a[0] <=> $b[0]);
    $spy = [];
    foreach ($inNation ? (array)$map['spyList'] : [] as $cityID => $months) $spy[] = [(int)$cityID, $months];
    sort($spy);
    $troop = $g['troopInfo'] ?? null;

    return [
        'permission' => $g['permission'],
        'general' => [$g['no'], $g['gold'], $g['rice'], $g['crew'], $g['officer_level'], $g['belong'], $g['troop'], $g['city'], $g['experience'], $g['dedication'], $g['killturn']],
        'troop' => $troop === null ? null : [$troop['name'], $troop['leader']['city'], views_slots($troop['leader']['reservedCommand'], 5)],
        'queue' => views_slots($queue['turn'], 30),
        'queueDate' => [$queue['year'], $queue['month']],
        'city' => [$city['id'], $city['nationInfo']['id'], $city['pop'], $city['agri'], $city['comm'], $city['secu'], $city['def'], $city['wall'], $city['trust'], $city['trade'], $officers],
        'nation' => !$inNation ? null : [
            $nationInfo['id'], $nationInfo['gold'], $nationInfo['rice'], $nationInfo['tech'], $nationInfo['bill'], $nationInfo['taxRate'], (int)$nation['secretlimit'],
            $nationInfo['population'], $nationInfo['crew'], views_top_chiefs($nationInfo['topChiefs']),
        ],
        'members' => $memberRows,
        'memberTroops' => is_array($members) ? array_map(fn ($t) => [$t['id'], $t['name'], $t['reservedCommand']], $members['troops']) : [],
        'chiefQueues' => is_array($chiefs) ? array_map(fn ($level, $c) => [(int)$level, $c['name'], views_slots($c['turn'], 12)], array_keys($chiefs['chiefList']), array_values($chiefs['chiefList'])) : null,
        'spy' => $spy,
        'seen' => $seen,
        'diplomacy' => $diplomacyRows,
        'strategicWaits' => $inNation ? $nationInfo['impossibleStrategicCommand'] : [],
        'records' => [
            'history' => array_column($front['recentRecord']['history'], 1),
            'global' => array_column($front['recentRecord']['global'], 1),
            'general' => array_column($front['recentRecord']['general'], 1),
        ],
        // A refusal (a string) is no log; the log's lines keyed by id, newest first.
        'memberLog' => is_string($memberLog) ? null : array_values($memberLog['log']),
        'public' => ['generals' => $publicRows, 'nations' => $nationRows],
    ];
}
