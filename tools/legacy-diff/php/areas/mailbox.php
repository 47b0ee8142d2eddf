<?php
// The mailbox, by the legacy's own API classes on the case's rows: Message/SendMessage in
// each sender's session, in order (a session of its own each, so the two seconds between
// private messages, which the gateway keeps here, do not apply), then
// Message/GetRecentMessage in the reader's: each send's answer and the mailboxes read, in the
// shape src/mailbox-area.ts gives libs/sammo's sendMessage moves and seat view.
use sammo\{DB, KVStorage};
use sammo\API\Message\{GetRecentMessage, SendMessage};
use function sammo\{legacy_db_case, legacy_db_create, refreshNationStaticInfo};

require_once __DIR__ . '/../fixtures.php';
require_once __DIR__ . '/../api.php';
require_once LEGACY_ROOT . '/hwe/func.php';

legacy_db_create();

function run_case(array $case): array
{
    return legacy_db_case(fn () => run_mailbox($case));
}

function run_mailbox(array $case): array
{
    $db = DB::db();
    fixture_insert($case);
    $gameStor = KVStorage::getStorage($db, 'game_env');
    // Before the opening, increaseRefresh counts nothing (it would write the API log's SQLite file).
    $gameStor->setValue('opentime', '9999-12-31 00:00:00');
    $gameStor->setValue('refreshLimit', 1000000);
    foreach ($case['nations'] as $n) $db->update('nation', ['secretlimit' => $n['secretlimit']], 'nation = %i', $n['id']);
    foreach ($case['generals'] as $g) {
        $db->update('general', ['owner' => $g['id']] + (isset($g['permission']) ? ['permission' => $g['permission']] : []), 'no = %i', $g['id']);
    }
    refreshNationStaticInfo();
    $answers = [];
    foreach ($case['sends'] as [$sender, $mailbox, $text]) {
        $out = api_call(SendMessage::class, api_login($sender), ['mailbox' => $mailbox, 'text' => $text]);
        $answers[] = is_string($out) ? $out : true;
    }
    $read = api_call(GetRecentMessage::class, api_login($case['reader']), ['sequence' => 0]);
    $src = fn ($m) => [$m['src']['id'], $m['src']['nation_id']];
    return [
        'answers' => $answers,
        'public' => array_map(fn ($m) => [...$src($m), $m['text']], $read['public']),
        'national' => array_map(fn ($m) => [...$src($m), $m['dest']['nation_id'], $m['text']], $read['national']),
        'diplomacy' => array_map(fn ($m) => [...$src($m), $m['dest']['nation_id'], $m['text']], $read['diplomacy']),
        'private' => array_map(fn ($m) => [$m['src']['id'], $m['dest']['id'], $m['text']], $read['private']),
    ];
}
