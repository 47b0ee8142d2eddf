<?php
use sammo\JosaUtil;

function run_case(array $case): string
{
    return JosaUtil::pick($case['text'], $case['particle']);
}
