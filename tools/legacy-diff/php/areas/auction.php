<?php
// A run of legacy resource auctions (hwe/sammo/AuctionBasicResource.php, func_auction.php) on
// MariaDB: players open lots (openResourceAuction after the Open API's three-month check), the
// merchant opens them (genDummy) or registerAuction draws them from the case's seed, generals
// bid (bid as the Bid API calls it), and time passes — every date the rows hold moves back by
// the minutes waited, then processAuction runs. The answer: each step's refusal, the generals'
// stock, the open auctions (dates in seconds of case time), the logs and messages.
use sammo\{AuctionBuyRice, AuctionSellRice, DB, Json, KVStorage, LiteHashDRBG, RandUtil, UniqueConst, Util};
use function sammo\{legacy_db_case, legacy_db_create, processAuction, registerAuction};

require_once __DIR__ . '/../db.php';
require_once LEGACY_ROOT . '/hwe/func.php';
require_once LEGACY_ROOT . '/hwe/func_auction.php';

legacy_db_create();

function auction_log_path(): string
{
    return LEGACY_ROOT . '/hwe/logs/' . UniqueConst::$serverID . '/_auctionlog.txt';
}

function run_case(array $case): array
{
    // Ids from 1 in every case: a rollback keeps AUTO_INCREMENT, an ALTER (outside the case's transaction) resets it.
    foreach (['ng_auction', 'ng_auction_bid', 'message', 'general_record'] as $table) DB::db()->query("ALTER TABLE `$table` AUTO_INCREMENT = 1");
    @mkdir(dirname(auction_log_path()), 0777, true);
    file_put_contents(auction_log_path(), '');
    return legacy_db_case(fn () => run_auctions($case));
}

/** A log line without its colour tags and the logger's leading mark. */
function auction_plain(string $line): string
{
    return preg_replace('/^◆/u', '', strip_tags($line));
}

function auction_class(string $kind): string
{
    return $kind === 'buyRice' ? AuctionBuyRice::class : AuctionSellRice::class;
}

/** The auction a bid step names and its amount (src/auction-area.ts bidTarget), from the open rows. */
function auction_bid_target(array $step): array
{
    $db = DB::db();
    $open = $db->query('SELECT id, detail FROM ng_auction WHERE finished = 0 ORDER BY id');
    $row = $open[$step['pick'] % max(count($open), 1)] ?? null;
    if ($step['unknownId'] !== null || $row === null) return [$step['unknownId'] ?? 99, 1000];
    $detail = Json::decode($row['detail']);
    if ($step['raise'] === null) return [$row['id'], $detail['finishBidAmount']];
    $highest = $db->queryFirstField('SELECT MAX(amount) FROM ng_auction_bid WHERE auction_id = %i', $row['id']);
    return [$row['id'], $highest === null ? $detail['startBidAmount'] + abs($step['raise']) : $highest + $step['raise']];
}

function run_auctions(array $case): array
{
    $db = DB::db();
    $gameStor = KVStorage::getStorage($db, 'game_env');
    foreach (['startyear' => $case['startyear'], 'init_year' => $case['startyear'], 'init_month' => 1, 'year' => $case['year'], 'month' => $case['month'], 'turnterm' => $case['turnterm']] as $k => $v) {
        $gameStor->setValue($k, $v);
    }
    foreach ($case['generals'] as $g) {
        $db->insert('general', [
            'no' => $g['id'], 'name' => $g['name'], 'picture' => 'default.jpg', 'npc' => $g['npc'], 'npc_org' => $g['npc'], 'nation' => 0, 'city' => 1,
            'gold' => $g['gold'], 'rice' => $g['rice'], 'turntime' => '2026-01-01 01:00:00', 'killturn' => 100, 'crewtype' => 1100,
        ]);
    }
    $start = new DateTimeImmutable();
    $waited = 0;
    $steps = [];
    foreach ($case['steps'] as $step) {
        $op = $step['op'];
        if ($op === 'wait') {
            $waited += $step['minutes'];
            foreach ([['ng_auction', 'open_date'], ['ng_auction', 'close_date'], ['ng_auction_bid', 'date']] as [$table, $column]) {
                $db->query("UPDATE `$table` SET `$column` = `$column` - INTERVAL %i MINUTE", $step['minutes']);
            }
            processAuction();
            $steps[] = null;
        } elseif ($op === 'register') {
            registerAuction(new RandUtil(new LiteHashDRBG(Util::simpleSerialize($step['seed'], 'auction-case'))));
            $steps[] = null;
        } elseif ($op === 'open') {
            [$year, $month] = $gameStor->getValuesAsArray(['year', 'month']);
            if (Util::joinYearMonth($year, $month) < Util::joinYearMonth($case['startyear'], 1) + 3) {
                $steps[] = '시작 후 3개월이 지나야 경매를 열 수 있습니다.';
                continue;
            }
            $host = \sammo\General::createObjFromDB($step['general']);
            $result = auction_class($step['kind'])::openResourceAuction($host, $step['amount'], $step['closeTurnCnt'], $step['startBidAmount'], $step['finishBidAmount']);
            $steps[] = is_string($result) ? $result : null;
        } else {
            [$auctionId, $amount] = auction_bid_target($step);
            $class = auction_class($db->queryFirstField('SELECT `type` FROM ng_auction WHERE id = %i', $auctionId) ?? 'buyRice');
            try {
                $auction = new $class($auctionId, \sammo\General::createObjFromDB($step['general']));
                $steps[] = $auction->bid($amount, true);
            } catch (\RuntimeException $e) {
                $steps[] = $e->getMessage();
            }
        }
    }
    $now = new DateTimeImmutable();
    // Case time in tens of seconds (DATETIME keeps whole seconds; every span here is a multiple of ten).
    $caseTime = fn (string $date) => (int)round(((new DateTimeImmutable($date))->getTimestamp() - $now->getTimestamp() + $waited * 60) / 10);
    $open = [];
    foreach ($db->query('SELECT * FROM ng_auction WHERE finished = 0 ORDER BY id') as $row) {
        $detail = Json::decode($row['detail']);
        $open[] = [
            'id' => $row['id'], 'kind' => $row['type'], 'host' => $row['host_general_id'], 'amount' => $detail['amount'],
            'start' => $detail['startBidAmount'], 'finish' => $detail['finishBidAmount'], 'close' => $caseTime($row['close_date']),
            'bids' => array_map(fn ($b) => [$b['general_id'], $b['amount']], $db->query('SELECT general_id, amount FROM ng_auction_bid WHERE auction_id = %i ORDER BY no', $row['id'])),
        ];
    }
    $logs = [];
    foreach ($db->query('SELECT general_id, text FROM general_record WHERE log_type = %s ORDER BY id', 'action') as $row) {
        $logs[] = [$row['general_id'], auction_plain($row['text'])];
    }
    // The merchant's messages go to general 0, which nobody reads.
    foreach ($db->query('SELECT dest, message FROM message WHERE type = %s AND dest > 0 ORDER BY id', 'private') as $row) {
        $logs[] = [$row['dest'], Json::decode($row['message'])['text']];
    }
    usort($logs, fn ($a, $b) => $a[0] <=> $b[0] ?: strcmp($a[1], $b[1]));
    $auctionLog = array_values(array_filter(explode("\n", file_get_contents(auction_log_path())), fn ($line) => $line !== ''));
    return [
        'steps' => $steps,
        'generals' => array_map(fn ($r) => [$r['no'], $r['gold'], $r['rice']], $db->query('SELECT no, gold, rice FROM general ORDER BY no')),
        'open' => $open,
        'logs' => $logs,
        'auctionLog' => array_map('auction_plain', $auctionLog),
    ];
}
